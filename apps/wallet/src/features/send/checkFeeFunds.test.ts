import { describe, expect, it } from 'vitest'
import { feeTopUpAmount, formatAboutEth, missingForFee } from './checkFeeFunds'

const gwei = 10n ** 9n
const eth = 10n ** 18n

describe('missingForFee', () => {
  it('finds the whole fee (with headroom) missing for someone who holds USDC and no ETH', () => {
    expect(missingForFee({ nativeBalance: 0n, fee: 100_000n * gwei, value: 0n })).toBe(200_000n * gwei)
  })

  it('counts the ETH being sent with the fee', () => {
    expect(missingForFee({ nativeBalance: eth, fee: 21_000n * gwei, value: eth })).toBe(42_000n * gwei)
  })

  it('finds nothing missing when the balance covers the fee and the value', () => {
    expect(missingForFee({ nativeBalance: eth, fee: 21_000n * gwei, value: eth / 2n })).toBe(0n)
  })
})

describe('feeTopUpAmount', () => {
  it('proposes a small round amount of ETH with room for a few more transactions', () => {
    expect(feeTopUpAmount(200_000n * gwei)).toBe('0.001')
    expect(feeTopUpAmount(1_000_000n * gwei)).toBe('0.005')
    expect(feeTopUpAmount(eth)).toBe('5')
  })
})

describe('formatAboutEth', () => {
  it('rounds an estimate up to two significant digits', () => {
    expect(formatAboutEth(171_234n * gwei)).toBe('0.00018')
    expect(formatAboutEth(200_000n * gwei)).toBe('0.0002')
    expect(formatAboutEth(1_234_000_000n * gwei)).toBe('1.3')
  })
})
