import { describe, expect, test } from 'vitest'
import { InvalidOnrampParameterError } from './errors'
import { parseBaseUrl, requireText } from './parameters'

describe('requireText', () => {
  test('returns a non-empty string as given', () => {
    expect(requireText('app_1', 'appId')).toBe('app_1')
  })

  test.each([undefined, '', '   ', 42])('refuses %j, naming the parameter and not the value', (value) => {
    expect(() => requireText(value, 'sessionToken')).toThrow(
      'Invalid onramp parameter sessionToken: is required and must be a non-empty string',
    )
  })
})

describe('parseBaseUrl', () => {
  test('takes https and http (the loopback fakes)', () => {
    expect(parseBaseUrl('https://buy.moonpay.com', 'baseUrl').host).toBe('buy.moonpay.com')
    expect(parseBaseUrl('http://127.0.0.1:4010/buy', 'baseUrl').port).toBe('4010')
  })

  test('refuses what is not a URL', () => {
    let caught: unknown
    try {
      parseBaseUrl('buy.moonpay.com', 'config.baseUrl')
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(InvalidOnrampParameterError)
    expect(caught).toMatchObject({
      name: 'InvalidOnrampParameterError',
      parameter: 'config.baseUrl',
      shortMessage: 'Invalid onramp parameter config.baseUrl: "buy.moonpay.com" is not a URL',
    })
  })

  test('refuses other schemes', () => {
    expect(() => parseBaseUrl('javascript:alert(1)', 'baseUrl')).toThrow('must be an http or https URL')
  })
})
