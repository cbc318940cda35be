import { describe, expect, it } from 'vitest'
import { checkSolanaFunds } from './checkSolanaFunds'

const TOKEN_ACCOUNT_RENT = 2_039_280n
const EMPTY_ACCOUNT_RENT = 890_880n

describe('checkSolanaFunds (the review says what SOL a send needs before Confirm)', () => {
  it('counts the fee and the recipient’s new USDC account for someone who holds USDC and no SOL', () => {
    expect(
      checkSolanaFunds({
        asset: 'USDC',
        amount: 5_000_000n,
        fee: 5000n,
        deposit: TOKEN_ACCOUNT_RENT,
        solBalance: 0n,
        newAccountMinimum: undefined,
      }),
    ).toEqual({ totalSol: 2_044_280n, missing: 2_044_280n, belowNewAccountMinimum: false })
  })

  it('counts the SOL sent with the fee, and finds nothing missing when the balance covers it', () => {
    expect(
      checkSolanaFunds({
        asset: 'native',
        amount: 10n ** 9n,
        fee: 5000n,
        deposit: 0n,
        solBalance: 2n * 10n ** 9n,
        newAccountMinimum: undefined,
      }),
    ).toEqual({ totalSol: 1_000_005_000n, missing: 0n, belowNewAccountMinimum: false })
  })

  it('flags SOL to a brand-new account below what an empty account must hold', () => {
    const check = checkSolanaFunds({
      asset: 'native',
      amount: 1000n,
      fee: 5000n,
      deposit: 0n,
      solBalance: 10n ** 9n,
      newAccountMinimum: EMPTY_ACCOUNT_RENT,
    })
    expect(check.belowNewAccountMinimum).toBe(true)
  })
})
