import {
  type SendTransactionParameters,
  type SendTransactionReturnType,
  sendTransaction,
} from '../../client/actions/sendTransaction'
import { type NamedActionReturnType, useNamedAction } from '../useNamedAction'

type Return = NamedActionReturnType<'sendTransaction', SendTransactionParameters, SendTransactionReturnType>

/**
 * Signs and sends a transaction from an embedded wallet; a retried call sends once.
 *
 * @example
 * const { sendTransaction } = useSendTransaction()
 * const { hash } = await sendTransaction({ transaction: { to, value: 10n ** 15n, chainId: 8453 } })
 */
export function useSendTransaction(): Return {
  return useNamedAction('useSendTransaction', 'sendTransaction', sendTransaction)
}
