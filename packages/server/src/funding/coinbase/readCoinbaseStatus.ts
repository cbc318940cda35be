import type { FundingStatus } from '../foldFundingStatus'

// Maps, not object literals: a provider string such as "constructor" must not find a prototype member.
const byStatus: ReadonlyMap<string, FundingStatus> = new Map([
  ['ONRAMP_TRANSACTION_STATUS_CREATED', 'processing'],
  ['ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', 'processing'],
  ['ONRAMP_TRANSACTION_STATUS_SUCCESS', 'success'],
  ['ONRAMP_TRANSACTION_STATUS_FAILED', 'failure'],
])

const byEventType: ReadonlyMap<string, FundingStatus> = new Map([
  ['onramp.transaction.success', 'success'],
  ['onramp.transaction.failed', 'failure'],
])

/**
 * A funding status from a Coinbase transaction status (status API and webhooks), or from the webhook
 * event type when that is more definite. Unknown statuses are `undefined`: ignored, never guessed.
 *
 * @example
 * readCoinbaseStatus('ONRAMP_TRANSACTION_STATUS_IN_PROGRESS') // 'processing'
 * readCoinbaseStatus('ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', 'onramp.transaction.failed') // 'failure'
 */
export function readCoinbaseStatus(
  status: string | undefined,
  eventType?: string,
): FundingStatus | undefined {
  return (
    (eventType === undefined ? undefined : byEventType.get(eventType)) ??
    (status === undefined ? undefined : byStatus.get(status))
  )
}
