import { describe, expect, it } from 'vitest'
import { checkAmount } from './checkAmount'

describe('checkAmount (the amount a person types on Send)', () => {
  it('reads SOL in lamports and USDC in millionths', () => {
    expect(checkAmount({ input: '0.25', decimals: 9, balance: 10n ** 9n, symbol: 'SOL' })).toEqual({
      ok: true,
      amount: 250_000_000n,
    })
    expect(checkAmount({ input: '12.5', decimals: 6, balance: undefined, symbol: 'USDC' })).toEqual({
      ok: true,
      amount: 12_500_000n,
    })
  })

  it('refuses more than the balance, too many decimals and zero, in words', () => {
    expect(checkAmount({ input: '75', decimals: 6, balance: 50_000_000n, symbol: 'USDC' })).toEqual({
      ok: false,
      message: 'That is more than your balance of 50 USDC',
    })
    expect(checkAmount({ input: '0.0000000001', decimals: 9, balance: undefined, symbol: 'SOL' })).toEqual({
      ok: false,
      message: 'This asset has 9 decimal places at most',
    })
    expect(checkAmount({ input: '0', decimals: 9, balance: undefined, symbol: 'SOL' })).toEqual({
      ok: false,
      message: 'Enter an amount above zero',
    })
  })
})
