import { ApiError } from '@satchel/core'
import { base58 } from '@scure/base'
import type { ServerContext } from '../../identity/context'
import { getRpcTimeoutMs } from '../chains/getRpcTimeoutMs'
import { getSolanaRpcUrl } from '../chains/getSolanaRpcUrl'
import { sendSolanaTransaction } from '../chains/sendSolanaTransaction'
import { settleWalletTransaction } from '../chains/walletTransactions'
import { signWithVault } from '../signWithVault'
import type { SigningWallet } from '../walletsRepository'
import type { WalletRpcResult } from './handleEthereumRpc'
import { type BeforeBroadcast, recordOutgoingTransaction } from './recordOutgoingTransaction'
import type { WalletRpcBody } from './rpcSchemas'
import { decodeSolanaTransaction, encodeSolanaTransaction, readMessageSigners } from './solanaWireTransaction'
import { toUnrecordedError } from './toUnrecordedError'

export type SolanaRpcBody = Extract<
  WalletRpcBody,
  { method: 'signMessage' | 'signTransaction' | 'signAndSendTransaction' }
>

export type HandleSolanaRpcParameters = {
  wallet: SigningWallet
  /** The caller's session (its recovery unlock may be needed); null for a delegated signer. */
  sessionId: string | null
  body: SolanaRpcBody
  /** Stores the audit intent of a send; the broadcast waits for it and does not happen if it fails. */
  beforeBroadcast: BeforeBroadcast
}

/**
 * Runs one Solana wallet method after authorisation and policies: signs a message, signs the
 * wallet's slot of a wire transaction, or signs and broadcasts it to the cluster named by `caip2`.
 *
 * @example
 * await handleSolanaRpc(ctx, { wallet, sessionId, body: { method: 'signMessage', params: { message: 'aGk=', encoding: 'base64' } }, beforeBroadcast })
 * // { method: 'signMessage', data: { signature: '<base64>', encoding: 'base64' } }
 */
export async function handleSolanaRpc(
  ctx: ServerContext,
  { wallet, sessionId, body, beforeBroadcast }: HandleSolanaRpcParameters,
): Promise<WalletRpcResult> {
  switch (body.method) {
    case 'signMessage': {
      const message = Buffer.from(body.params.message, 'base64')
      // A "message" that is a transaction this wallet must sign would be a signed transaction in
      // disguise, slipping past the policies that apply to transactions.
      const signers = readMessageSigners(message)
      if (signers?.some((key) => base58.encode(key) === wallet.address)) {
        throw new ApiError('invalid_data', { message: 'The message is a transaction: use signTransaction' })
      }
      const signature = await signSolana(ctx, wallet, sessionId, message)
      return {
        method: body.method,
        data: { signature: Buffer.from(signature).toString('base64'), encoding: 'base64' },
      }
    }
    case 'signTransaction': {
      const signed = await signSolanaTransaction(ctx, wallet, sessionId, body.params.transaction)
      return {
        method: body.method,
        data: { signed_transaction: Buffer.from(signed.wire).toString('base64'), encoding: 'base64' },
      }
    }
    case 'signAndSendTransaction': {
      if (body.caip2 === undefined) {
        throw new ApiError('invalid_data', { message: 'caip2 is required to send a transaction' })
      }
      const caip2 = body.caip2
      const rpcUrl = getSolanaRpcUrl(ctx, caip2)
      const signed = await signSolanaTransaction(ctx, wallet, sessionId, body.params.transaction)
      // A transaction is named by its first signature (the fee payer's): known before it leaves, so
      // it is recorded, and its audit intent stored, before the broadcast.
      const hash = base58.encode(signed.firstSignature)
      await recordOutgoingTransaction(
        ctx,
        { walletId: wallet.id, caip2, hash, nonce: null },
        beforeBroadcast,
      ).catch((error: unknown) => {
        throw toUnrecordedError(error)
      })
      try {
        await sendSolanaTransaction(rpcUrl, Buffer.from(signed.wire).toString('base64'), {
          timeoutMs: getRpcTimeoutMs(ctx.config),
        })
      } catch (error) {
        // A refusal (not an unreachable cluster, after which it may still land) settles it as failed.
        if (error instanceof ApiError && !(error.cause instanceof Error))
          await settleWalletTransaction(
            ctx.db,
            { caip2, hash, status: 'failed', blockNumber: null },
            ctx.now,
          ).catch(() => {})
        throw error
      }
      return { method: body.method, data: { hash, caip2 } }
    }
  }
}

async function signSolanaTransaction(
  ctx: ServerContext,
  wallet: SigningWallet,
  sessionId: string | null,
  base64: string,
) {
  const transaction = decodeSolanaTransaction(Buffer.from(base64, 'base64'))
  const slot = transaction.signers.findIndex((key) => base58.encode(key) === wallet.address)
  if (slot < 0)
    throw new ApiError('invalid_data', { message: 'This wallet is not a signer of the transaction' })
  const signature = await signSolana(ctx, wallet, sessionId, transaction.message)
  const signatures = transaction.signatures.map((existing, index) => (index === slot ? signature : existing))
  return {
    wire: encodeSolanaTransaction({ ...transaction, signatures }),
    firstSignature: signatures[0] ?? new Uint8Array(64),
  }
}

async function signSolana(
  ctx: ServerContext,
  wallet: SigningWallet,
  sessionId: string | null,
  message: Uint8Array,
): Promise<Uint8Array> {
  const result = await signWithVault(ctx, wallet, { method: 'solana_signMessage', message }, sessionId)
  if (result.method !== 'solana_signMessage') throw new ApiError('internal_error')
  return result.signature
}
