import type { SatchelClient } from '../createSatchelClient'
import { toBase64 } from '../encoding'
import { getWallet, type WalletSelector, walletRpc } from './walletRpc'

export type SolanaWalletRpcParameters = WalletSelector & {
  method: 'signMessage' | 'signTransaction' | 'signAndSendTransaction'
  /** The one byte field the method takes (`message` or `transaction`), sent as base64. */
  params: { message: Uint8Array } | { transaction: Uint8Array }
  caip2?: string | undefined
  idempotencyKey?: string | undefined
}

/**
 * One Solana wallet RPC call: the bytes as base64, and, when no wallet is named, the user's first
 * Solana wallet (walletRpc alone would pick an Ethereum one). Answers the method's `data`.
 *
 * @example
 * const data = await solanaWalletRpc(client, { method: 'signMessage', params: { message: bytes } })
 */
export function solanaWalletRpc(
  client: SatchelClient,
  { wallet, method, params, caip2, idempotencyKey }: SolanaWalletRpcParameters,
): Promise<Record<string, unknown>> {
  const encoded = Object.fromEntries(Object.entries(params).map(([field, bytes]) => [field, toBase64(bytes)]))
  return walletRpc(client, {
    wallet: getWallet(client, { wallet, chainType: 'solana' }).id,
    method,
    params: { ...encoded, encoding: 'base64' },
    caip2,
    idempotencyKey,
  })
}
