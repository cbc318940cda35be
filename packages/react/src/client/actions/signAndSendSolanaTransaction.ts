import type { SatchelClient } from '../createSatchelClient'
import { readString } from '../parse'
import { solanaWalletRpc } from './solanaWalletRpc'
import type { WalletSelector } from './walletRpc'

export type SignAndSendSolanaTransactionParameters = WalletSelector & {
  /** The transaction in wire format (legacy or v0), the wallet's signature slot still empty. */
  transaction: Uint8Array
  /** The cluster to send it to, as CAIP-2 (`solana:<genesis hash prefix>`). */
  caip2: string
  /** Makes a retried call send once. */
  idempotencyKey?: string | undefined
}
/** The transaction's id on the cluster: its first signature, base58. */
export type SignAndSendSolanaTransactionReturnType = string

/**
 * Signs a Solana transaction with an embedded wallet and sends it to the cluster (the wallet RPC's
 * `signAndSendTransaction`; the user's first Solana wallet unless one is named). Answers once the
 * cluster has taken it; the idempotency key makes a retried call send once.
 *
 * @example
 * const signature = await signAndSendSolanaTransaction(client, { transaction: wireBytes, caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' })
 */
export async function signAndSendSolanaTransaction(
  client: SatchelClient,
  { wallet, transaction, caip2, idempotencyKey }: SignAndSendSolanaTransactionParameters,
): Promise<SignAndSendSolanaTransactionReturnType> {
  const data = await solanaWalletRpc(client, {
    wallet,
    method: 'signAndSendTransaction',
    params: { transaction },
    caip2,
    idempotencyKey: idempotencyKey ?? crypto.randomUUID(),
  })
  return readString(data, 'hash', '/api/v1/wallets/:id/rpc')
}
