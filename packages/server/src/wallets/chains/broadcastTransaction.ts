import type { Hash, Hex } from 'viem'
import type { ChainClient } from './getPublicClient'
import { toChainApiError } from './toChainApiError'

/**
 * Sends a signed transaction to the chain's node (`eth_sendRawTransaction`) and answers its hash.
 *
 * @throws {ApiError} `insufficient_funds` when the sender cannot pay value and gas,
 * `transaction_broadcast_failure` for any other refusal or an unreachable node.
 * @example
 * const hash = await broadcastTransaction(client, signedTransaction)
 */
export async function broadcastTransaction(client: ChainClient, serializedTransaction: Hex): Promise<Hash> {
  try {
    return await client.sendRawTransaction({ serializedTransaction })
  } catch (error) {
    throw toChainApiError(error, 'transaction_broadcast_failure')
  }
}
