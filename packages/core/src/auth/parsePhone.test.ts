import { describe, expect, it } from 'vitest'
import { parsePhone } from './parsePhone'

describe('parsePhone', () => {
  it('reads a US number written without a calling code', () => {
    expect(parsePhone('(213) 373-4253')).toEqual({
      countryCode: 'US',
      callingCode: '1',
      nationalNumber: '2133734253',
      e164: '+12133734253',
      isPossible: true,
    })
  })

  it('reads a UK mobile number with +44', () => {
    expect(parsePhone('+44 20 7946 0958')).toEqual({
      countryCode: 'GB',
      callingCode: '44',
      nationalNumber: '2079460958',
      e164: '+442079460958',
      isPossible: true,
    })
    // 07911 12xxxx is allocated in Guernsey, which shares +44 with the UK.
    expect(parsePhone('+44 7911 123456')).toMatchObject({
      callingCode: '44',
      nationalNumber: '7911123456',
      e164: '+447911123456',
      isPossible: true,
    })
  })

  it('lets an explicit +country win over the default country', () => {
    expect(parsePhone('+33 6 12 34 56 78', { defaultCountry: 'GB' })).toEqual({
      countryCode: 'FR',
      callingCode: '33',
      nationalNumber: '612345678',
      e164: '+33612345678',
      isPossible: true,
    })
    expect(parsePhone('+1 204 555 0100').countryCode).toBe('CA')
  })

  it('reads a national number in the given default country', () => {
    expect(parsePhone('07911 123456', { defaultCountry: 'GB' })).toMatchObject({
      callingCode: '44',
      e164: '+447911123456',
      isPossible: true,
    })
  })

  it('checks possibility per country', () => {
    // Ten digits are possible in the US; the same digits as a UK national number are not.
    expect(parsePhone('07911 123456').isPossible).toBe(false)
    expect(parsePhone('123')).toMatchObject({ countryCode: 'US', callingCode: '1', isPossible: false })
    expect(parsePhone('+44 7911 1234567890')).toMatchObject({ callingCode: '44', isPossible: false })
  })

  it('keeps the calling code for a number valid in no country that shares it', () => {
    expect(parsePhone('+44 7700 900123')).toMatchObject({
      countryCode: 'GB',
      callingCode: '44',
      isPossible: true,
    })
    expect(parsePhone('+1 999 555 0100', { defaultCountry: 'CA' })).toMatchObject({
      countryCode: 'CA',
      callingCode: '1',
    })
  })

  it('defaults to US and 1 when the input is no number', () => {
    for (const input of ['', 'abc', '+999 123456']) {
      expect(parsePhone(input)).toEqual({
        countryCode: 'US',
        callingCode: '1',
        nationalNumber: input.replace(/\D/g, ''),
        e164: '',
        isPossible: false,
      })
    }
  })

  it('falls back to the default country given', () => {
    expect(parsePhone('abc', { defaultCountry: 'DE' })).toMatchObject({
      countryCode: 'DE',
      callingCode: '49',
    })
  })

  it('refuses an unknown default country', () => {
    const parameters: Record<string, never> = JSON.parse('{"defaultCountry": "XX"}')
    expect(() => parsePhone('2133734253', parameters)).toThrow('Unknown default country: XX')
  })
})
