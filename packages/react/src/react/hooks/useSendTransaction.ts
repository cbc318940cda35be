import { useMemo } from 'react'
import {
  type SendTransactionParameters,
  type SendTransactionReturnType,
  sendTransaction,
} from '../../client/actions/sendTransaction'
import { actionOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

/**
 * Signs and sends a transaction from an embedded wallet; a retried call sends once.
 *
 * @example
 * const { sendTransaction } = useSendTransaction()
 * const { hash } = await sendTransaction({ transaction: { to, value: 10n ** 15n, chainId: 8453 } })
 */
export function useSendTransaction(): {
  sendTransaction: (parameters: SendTransactionParameters) => Promise<SendTransactionReturnType>
} & UseActionReturnType<SendTransactionParameters, SendTransactionReturnType> {
  const client = useSatchelClient('useSendTransaction')
  const action = useAction(useMemo(() => actionOptions(client, 'sendTransaction', sendTransaction), [client]))
  return { ...action, sendTransaction: action.mutateAsync }
}
