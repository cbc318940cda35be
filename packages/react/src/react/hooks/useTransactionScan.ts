import type { GetTransactionScanParameters, TransactionScan } from '../../client/actions/getTransactionScan'
import { transactionScanQueryOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import type { UseReadReturnType } from '../useRead'
import { type UseReadOptions, useSignedInRead } from './useSignedInRead'

/**
 * The server's simulation and verdict for a transaction before the user confirms it; a different
 * transaction reads again. Show `data.resultType`, `data.reasons` and `data.assetChanges`.
 *
 * @example
 * const scan = useTransactionScan({ transaction, chainId: 1 })
 * if (scan.data?.resultType === 'malicious') warn()
 */
export function useTransactionScan(
  parameters: Omit<GetTransactionScanParameters, 'signal'>,
  options?: UseReadOptions<TransactionScan>,
): UseReadReturnType<TransactionScan> {
  const client = useSatchelClient('useTransactionScan')
  return useSignedInRead(transactionScanQueryOptions(client, parameters), options)
}
