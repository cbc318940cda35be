import { AmountError, parseAmount, toDecimalString } from '../../shared/amount/parseAmount'

export type AmountCheck = { ok: true; amount: bigint } | { ok: false; message: string }

/**
 * Reads the typed amount in the asset's smallest unit and checks it against the balance (when known),
 * with the words to show.
 *
 * @example
 * checkAmount({ input: '75', decimals: 6, balance: 50_000_000n, symbol: 'USDC' })
 * // { ok: false, message: 'That is more than your balance of 50 USDC' }
 */
export function checkAmount({
  input,
  decimals,
  balance,
  symbol,
}: {
  input: string
  decimals: number
  balance: bigint | undefined
  symbol: string
}): AmountCheck {
  try {
    const amount = parseAmount(input, decimals)
    if (balance !== undefined && amount > balance)
      return {
        ok: false,
        message: `That is more than your balance of ${toDecimalString(balance, decimals)} ${symbol}`,
      }
    return { ok: true, amount }
  } catch (error) {
    return {
      ok: false,
      message: error instanceof AmountError ? error.message : 'Enter an amount such as 1.5',
    }
  }
}
