import type { NormalizedTransaction } from '@satchel/core'
import type { TransactionSerializable } from 'viem'

/**
 * A normalized transaction as viem serializes it for signing: without `from`, which is not part of a
 * signed transaction (the signature names the sender).
 *
 * @example
 * serializeTransaction(toSerializableTransaction(normalizeTransaction({ to, value: '1', chainId: 1 })))
 */
export function toSerializableTransaction(transaction: NormalizedTransaction): TransactionSerializable {
  const { from: _from, ...serializable } = transaction
  return serializable
}
