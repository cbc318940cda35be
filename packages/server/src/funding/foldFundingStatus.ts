/** Where a funding session is: `processing` once the provider has the payment, then one end state. */
export type FundingStatus = 'pending' | 'processing' | 'success' | 'failure'

/** What the status routes answer (the SDK polls for these three). */
export type PublicFundingStatus = 'pending' | 'success' | 'failure'

/** pending < processing < success | failure. Both end states share the top rank: neither replaces the other. */
export const fundingStatusRank: Readonly<Record<FundingStatus, number>> = {
  pending: 0,
  processing: 1,
  success: 2,
  failure: 2,
}

/**
 * The status after an event: the incoming one if it ranks higher, otherwise the current one. Webhooks
 * arrive duplicated and out of order and polls race them, so every source goes through this fold
 * and the result can only move forward: a late `pending` after `success` changes nothing, and the
 * first end state reached is final.
 *
 * @example
 * foldFundingStatus('success', 'pending') // 'success'
 * foldFundingStatus('pending', 'processing') // 'processing'
 * foldFundingStatus('failure', 'success') // 'failure'
 */
export function foldFundingStatus(current: FundingStatus, incoming: FundingStatus): FundingStatus {
  return fundingStatusRank[incoming] > fundingStatusRank[current] ? incoming : current
}

/**
 * The status as the API answers it: the provider having the payment is still `pending` for the user.
 *
 * @example
 * toPublicFundingStatus('processing') // 'pending'
 */
export function toPublicFundingStatus(status: FundingStatus): PublicFundingStatus {
  return status === 'processing' ? 'pending' : status
}
