import { ApiError, type NormalizedTransaction } from '@satchel/core'
import {
  type Address,
  type Hash,
  HttpRequestError,
  keccak256,
  TimeoutError,
  BaseError as ViemBaseError,
} from 'viem'
import type { ServerContext } from '../../identity/context'
import { broadcastTransaction } from '../chains/broadcastTransaction'
import type { NonceManager } from '../chains/createNonceManager'
import type { ReceiptFollower } from '../chains/createReceiptFollower'
import { fillTransaction } from '../chains/fillTransaction'
import { getPublicClient } from '../chains/getPublicClient'
import { settleWalletTransaction } from '../chains/walletTransactions'
import { loadKeyShares } from '../loadKeyShares'
import { signWithShares } from '../signWithVault'
import type { SigningWallet } from '../walletsRepository'
import { type BeforeBroadcast, recordOutgoingTransaction } from './recordOutgoingTransaction'
import { toSerializableTransaction } from './toSerializableTransaction'
import { toUnrecordedError } from './toUnrecordedError'

export type SendEthereumTransactionParameters = {
  wallet: SigningWallet
  /** The caller's session (its recovery unlock may be needed); null for a delegated signer. */
  sessionId: string | null
  /** Normalized and checked against the wallet (chain id set). */
  transaction: NormalizedTransaction
  from: Address
  nonces: NonceManager
  follower: ReceiptFollower
  /**
   * Stores, durably, that this transaction is about to be broadcast (the audit intent). The broadcast
   * waits for it and does not happen when it fails.
   */
  beforeBroadcast: BeforeBroadcast
}

/**
 * Signs a transaction with the wallet's next nonce and broadcasts it, in this order: fill gas and fees
 * from the chain, take the nonce (see {@link NonceManager}), sign, record the transaction (pending)
 * and its audit intent, then broadcast. Its hash is known from the signed bytes, so the records are
 * made before it can leave: a transaction that reached the chain is never missing from them, and
 * nothing after the broadcast can fail the request.
 *
 * @throws {ApiError} the chain's refusal (`insufficient_funds`, `transaction_failure`,
 *   `transaction_broadcast_failure`), or `service_unavailable`; nothing was sent then, unless the node
 *   could not be reached during the broadcast, in which case the transaction is followed as pending.
 * @example
 * const { hash, caip2 } = await sendEthereumTransaction(ctx, { wallet, sessionId, transaction, from, nonces, follower, beforeBroadcast })
 */
export async function sendEthereumTransaction(
  ctx: ServerContext,
  {
    wallet,
    sessionId,
    transaction,
    from,
    nonces,
    follower,
    beforeBroadcast,
  }: SendEthereumTransactionParameters,
): Promise<{ hash: Hash; caip2: string }> {
  const client = getPublicClient(ctx, transaction.chainId)
  const filled = await fillTransaction(client, transaction, from)
  const caip2 = `eip155:${transaction.chainId}`
  const shares = await loadKeyShares(ctx, wallet.root, sessionId)
  let hash: Hash
  try {
    hash = await nonces.withReservedNonce(
      { chainId: transaction.chainId, address: from, client, nonce: transaction.nonce },
      async (nonce, lease) => {
        const result = await signWithShares(ctx, wallet, shares, {
          method: 'eth_signTransaction',
          transaction: toSerializableTransaction({ ...filled, nonce }),
        })
        if (result.method !== 'eth_signTransaction') throw new ApiError('internal_error')
        const signedHash = keccak256(result.signedTransaction)
        const outgoing = { walletId: wallet.id, caip2, hash: signedHash, nonce }
        // Recorded only while this request still holds the sender's nonce lease (see NonceLease).
        const bind: BeforeBroadcast['bind'] = async (sent, db) => {
          await lease.assertHeld(db)
          await beforeBroadcast.bind(sent, db)
        }
        await recordOutgoingTransaction(
          ctx,
          { ...outgoing, signedTransaction: result.signedTransaction },
          { bind, intent: beforeBroadcast.intent },
        ).catch(async (error: unknown) => {
          // It will not leave: the reconciler must not send it later either.
          await settleWalletTransaction(
            ctx.db,
            { caip2, hash: signedHash, status: 'failed', blockNumber: null },
            ctx.now,
          ).catch(() => {})
          throw toUnrecordedError(error)
        })
        lease.assertTimeToBroadcast()
        try {
          await broadcastTransaction(client, result.signedTransaction)
        } catch (error) {
          if (mayHaveLeft(error)) follower.follow({ chainId: transaction.chainId, caip2, hash: signedHash })
          else
            await settleWalletTransaction(
              ctx.db,
              { caip2, hash: signedHash, status: 'failed', blockNumber: null },
              ctx.now,
            ).catch(() => {})
          throw error
        }
        return signedHash
      },
    )
  } finally {
    shares.authShare.fill(0)
  }
  follower.follow({ chainId: transaction.chainId, caip2, hash })
  return { hash, caip2 }
}

/**
 * True when a failed broadcast may still have reached the node (it could not be reached, or did not
 * answer in time), as opposed to a node that answered with a refusal.
 */
function mayHaveLeft(error: unknown): boolean {
  const cause = error instanceof ApiError ? error.cause : error
  return (
    cause instanceof ViemBaseError &&
    cause.walk((inner) => inner instanceof HttpRequestError || inner instanceof TimeoutError) !== null
  )
}
