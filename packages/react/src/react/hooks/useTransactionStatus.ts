import type {
  GetTransactionStatusParameters,
  TransactionStatus,
} from '../../client/actions/getTransactionStatus'
import { transactionStatusQueryOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import type { UseReadReturnType } from '../useRead'
import { type UseReadOptions, useSignedInRead } from './useSignedInRead'

/** Asked again every 1.5 s while the transaction is pending. */
const whilePending = (data: TransactionStatus | undefined) =>
  data === undefined || data.status === 'pending' ? 1500 : false

/**
 * Follows a sent transaction: asks every 1.5 s until it is `mined` or `failed` (a failed read is
 * retried; `failureReason` says why meanwhile).
 *
 * @example
 * const { data } = useTransactionStatus({ walletId: wallet.id, hash })
 * data?.status // 'pending' | 'mined' | 'failed'
 */
export function useTransactionStatus(
  parameters: Omit<GetTransactionStatusParameters, 'signal'>,
  options?: UseReadOptions<TransactionStatus>,
): UseReadReturnType<TransactionStatus> {
  const client = useSatchelClient('useTransactionStatus')
  return useSignedInRead(transactionStatusQueryOptions(client, parameters), {
    refetchInterval: whilePending,
    retry: Number.POSITIVE_INFINITY,
    ...options,
  })
}
