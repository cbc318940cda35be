import type { FundingStatus } from '../foldFundingStatus'
import { readTxHash } from '../readTxHash'

const byStatus: ReadonlyMap<string, FundingStatus> = new Map([
  ['waitingPayment', 'pending'],
  ['pending', 'processing'],
  ['waitingAuthorization', 'processing'],
  ['completed', 'success'],
  ['failed', 'failure'],
])

/** The fields of a MoonPay transaction that decide a funding status. */
export type MoonpayTransactionFacts = {
  status?: string | undefined
  cryptoTransactionId?: string | null | undefined
}

/**
 * A funding status from MoonPay's transactions for one externalTransactionId (its API answers an
 * array). A completed one wins (the money is on its way); else one still in progress; the session
 * has failed only when every transaction failed. Unknown statuses are ignored.
 *
 * @example
 * readMoonpayStatus([{ status: 'failed' }, { status: 'completed', cryptoTransactionId: '0x...' }])
 * // { status: 'success', txHash: '0x...' }
 */
export function readMoonpayStatus(
  transactions: readonly MoonpayTransactionFacts[],
): { status: FundingStatus; txHash?: string | undefined } | undefined {
  const statuses = transactions.map((transaction) => ({
    status: transaction.status === undefined ? undefined : byStatus.get(transaction.status),
    txHash: readTxHash(transaction.cryptoTransactionId),
  }))
  const completed = statuses.find((entry) => entry.status === 'success')
  if (completed) return { status: 'success', txHash: completed.txHash }
  const known = statuses.filter((entry) => entry.status !== undefined)
  if (known.some((entry) => entry.status === 'processing')) return { status: 'processing' }
  if (known.some((entry) => entry.status === 'pending')) return { status: 'pending' }
  if (known.length > 0) return { status: 'failure' }
  return undefined
}
