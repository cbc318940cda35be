import type { NormalizedTransaction } from '@satchel/core'
import type { Address } from 'viem'
import type { ChainClient } from './getPublicClient'
import { toChainApiError } from './toChainApiError'

/** A transaction whose gas and fee fields are all set (the nonce is the nonce manager's business). */
export type FilledTransaction = NormalizedTransaction & { gas: bigint }

/**
 * Fills what the caller left out from the chain: gas (`eth_estimateGas` from the wallet) and the fees
 * of the transaction's type (EIP-1559 fee estimate, or the gas price). Fields the caller set are kept.
 *
 * @throws {ApiError} `insufficient_funds` when the wallet cannot pay, `transaction_failure` when the
 * call would revert, `service_unavailable` when the node cannot be reached.
 * @example
 * const filled = await fillTransaction(client, normalizeTransaction(input), wallet.address)
 */
export async function fillTransaction(
  client: ChainClient,
  transaction: NormalizedTransaction,
  from: Address,
): Promise<FilledTransaction> {
  try {
    const gas =
      transaction.gas ??
      (await client.estimateGas({
        account: from,
        ...(transaction.to !== undefined && { to: transaction.to }),
        ...(transaction.data !== undefined && { data: transaction.data }),
        ...(transaction.value !== undefined && { value: transaction.value }),
      }))
    if (transaction.type === 'eip1559') {
      if (transaction.maxFeePerGas !== undefined && transaction.maxPriorityFeePerGas !== undefined) {
        return { ...transaction, gas }
      }
      const estimate = await client.estimateFeesPerGas({ type: 'eip1559' })
      const maxPriorityFeePerGas =
        transaction.maxPriorityFeePerGas ??
        minBigInt(estimate.maxPriorityFeePerGas, transaction.maxFeePerGas ?? estimate.maxPriorityFeePerGas)
      const maxFeePerGas = transaction.maxFeePerGas ?? maxBigInt(estimate.maxFeePerGas, maxPriorityFeePerGas)
      return { ...transaction, gas, maxFeePerGas, maxPriorityFeePerGas }
    }
    if (transaction.gasPrice !== undefined) return { ...transaction, gas }
    return { ...transaction, gas, gasPrice: await client.getGasPrice() }
  } catch (error) {
    throw toChainApiError(error, 'service_unavailable')
  }
}

function minBigInt(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}

function maxBigInt(a: bigint, b: bigint): bigint {
  return a > b ? a : b
}
