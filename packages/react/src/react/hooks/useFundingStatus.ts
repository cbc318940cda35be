import type { FundingPurchase, FundingStatus } from '../../client/actions/fundWallet'
import { fundingStatusQueryOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import type { UseReadReturnType } from '../useRead'
import { type UseReadOptions, useSignedInRead } from './useSignedInRead'

/** Asked again every 2 s while the purchase is pending. */
const whilePending = (data: FundingStatus | undefined) =>
  data === undefined || data.status === 'pending' ? 2000 : false

/**
 * Follows a card purchase: asks every 2 s until it is `success` or `failure` (a failed read is
 * retried; `failureReason` says why meanwhile).
 *
 * @example
 * const { data } = useFundingStatus({ partnerUserId })
 * data?.status // 'pending' | 'success' | 'failure'
 */
export function useFundingStatus(
  parameters: FundingPurchase,
  options?: UseReadOptions<FundingStatus>,
): UseReadReturnType<FundingStatus> {
  const client = useSatchelClient('useFundingStatus')
  return useSignedInRead(fundingStatusQueryOptions(client, parameters), {
    refetchInterval: whilePending,
    retry: Number.POSITIVE_INFINITY,
    ...options,
  })
}
