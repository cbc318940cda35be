import { describe, expect, it } from 'vitest'
import { formatWei } from './formatWei'

const ether = 10n ** 18n

describe('formatWei', () => {
  it.each([
    [ether, '1'],
    [(3n * ether) / 2n, '1.5'],
    [1234n * 10n ** 15n, '1.234'],
    [0n, '0'],
    [10n ** 15n, '0.001'],
    [123_456_789n * ether, '123456789'],
  ])('shows %s wei as %s ether', (wei, text) => {
    expect(formatWei(wei)).toBe(text)
  })

  it('rounds half up to 3 decimals', () => {
    expect(formatWei(1_234_499_999_999_999_999n)).toBe('1.234')
    expect(formatWei(1_234_500_000_000_000_000n)).toBe('1.235')
    expect(formatWei(1_999_500_000_000_000_000n)).toBe('2')
    expect(formatWei(1_500_000_000_000_000n)).toBe('0.002')
  })

  it('shows an amount above 0 but below 0.001 as <0.001', () => {
    expect(formatWei(1n)).toBe('<0.001')
    expect(formatWei(999_999_999_999_999n)).toBe('<0.001')
  })

  it('keeps the sign of a negative amount', () => {
    expect(formatWei(-(3n * ether) / 2n)).toBe('-1.5')
    expect(formatWei(-1_234_500_000_000_000_000n)).toBe('-1.235')
    expect(formatWei(-1n)).toBe('-<0.001')
    expect(formatWei('-0x0de0b6b3a7640000')).toBe('-1')
  })

  it('reads decimal strings, hex strings and safe integers', () => {
    expect(formatWei('1500000000000000000')).toBe('1.5')
    expect(formatWei('0x14d1120d7b160000')).toBe('1.5')
    expect(formatWei(1_000_000_000_000_000)).toBe('0.001')
  })

  it.each([1.5, Number.MAX_SAFE_INTEGER + 1, '1.5', '1e18', '', '0x', 'abc'])(
    'refuses the amount %o',
    (value) => {
      expect(() => formatWei(value)).toThrow(
        'value must be an integer amount of wei (a bigint, a safe integer or a decimal or 0x string)',
      )
    },
  )

  it('takes the number of decimals shown', () => {
    expect(formatWei(1_234_567n * 10n ** 12n, { decimals: 5 })).toBe('1.23457')
    expect(formatWei(1_500_000_000_000_000_000n, { decimals: 0 })).toBe('2')
    expect(formatWei(10n ** 17n, { decimals: 0 })).toBe('<1')
    expect(formatWei(10n ** 13n, { decimals: 5 })).toBe('0.00001')
    expect(formatWei(10n ** 13n - 1n, { decimals: 5 })).toBe('<0.00001')
  })

  it('formats units with other decimals, such as USDC (6)', () => {
    expect(formatWei(1_234_567n, { unitDecimals: 6 })).toBe('1.235')
    expect(formatWei(1_234_567n, { unitDecimals: 6, decimals: 8 })).toBe('1.234567')
    expect(formatWei(7n, { unitDecimals: 0 })).toBe('7')
  })

  it('refuses bad decimal settings', () => {
    expect(() => formatWei(1n, { decimals: -1 })).toThrow('decimals must be a non-negative integer')
    expect(() => formatWei(1n, { decimals: 1.5 })).toThrow('decimals must be a non-negative integer')
    expect(() => formatWei(1n, { unitDecimals: -1 })).toThrow('unitDecimals must be a non-negative integer')
  })
})
