import { describe, expect, it } from 'vitest'
import { parseAmount, toDecimalString } from './parseAmount'

describe('parseAmount (the amount a person types in Send)', () => {
  it('reads decimal amounts into the smallest unit of the asset', () => {
    expect(parseAmount('1.5', 6)).toBe(1_500_000n)
    expect(parseAmount(' 25 ', 6)).toBe(25_000_000n)
    expect(parseAmount('.5', 18)).toBe(500_000_000_000_000_000n)
    expect(parseAmount('0.000001', 6)).toBe(1n)
  })

  it('refuses what is not an amount, with words to show', () => {
    expect(() => parseAmount('1,5', 6)).toThrow('Enter an amount such as 1.5')
    expect(() => parseAmount('abc', 6)).toThrow('Enter an amount such as 1.5')
    expect(() => parseAmount('-1', 6)).toThrow('Enter an amount such as 1.5')
    expect(() => parseAmount('0.0000001', 6)).toThrow('This asset has 6 decimal places at most')
    expect(() => parseAmount('0', 6)).toThrow('Enter an amount above zero')
  })

  it('writes an exact amount back for the Max button', () => {
    expect(toDecimalString(1_500_000n, 6)).toBe('1.5')
    expect(toDecimalString(1n, 6)).toBe('0.000001')
    expect(toDecimalString(3_000_000n, 6)).toBe('3')
    expect(toDecimalString(123_456_789_000_000_000n, 18)).toBe('0.123456789')
  })
})
