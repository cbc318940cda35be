import { describe, expect, test } from 'vitest'
import { InvalidOnrampParameterError } from './errors'
import { normalizeAmount } from './normalizeAmount'

describe('normalizeAmount', () => {
  test('pads a leading dot with 0', () => {
    expect(normalizeAmount('.5', 'amount')).toBe('0.5')
    expect(normalizeAmount('.05', 'amount')).toBe('0.05')
  })

  test('keeps plain decimals and prints numbers', () => {
    expect(normalizeAmount('10', 'amount')).toBe('10')
    expect(normalizeAmount('0.25', 'amount')).toBe('0.25')
    expect(normalizeAmount(0.5, 'amount')).toBe('0.5')
    expect(normalizeAmount(20, 'amount')).toBe('20')
  })

  test.each(['', '.', '5.', '-1', '1e3', '1,5', ' 1', 'abc', '0x10'])('refuses %j', (value) => {
    expect(() => normalizeAmount(value, 'amount')).toThrow(InvalidOnrampParameterError)
  })

  test('refuses numbers JavaScript prints in exponent form, and NaN', () => {
    expect(() => normalizeAmount(1e-7, 'amount')).toThrow(
      'Invalid onramp parameter amount: "1e-7" is not a non-negative decimal number',
    )
    expect(() => normalizeAmount(Number.NaN, 'presetFiatAmount')).toThrow('presetFiatAmount')
  })

  test('refuses a value that is neither string nor number', () => {
    // @ts-expect-error amounts from JSON may be anything
    expect(() => normalizeAmount(null, 'amount')).toThrow(InvalidOnrampParameterError)
  })
})
