import type { SatchelClient } from '../createSatchelClient'
import { fromBase64Url } from '../encoding'
import { readString } from '../parse'
import { solanaWalletRpc } from './solanaWalletRpc'
import type { WalletSelector } from './walletRpc'

export type SignSolanaMessageParameters = WalletSelector & {
  /** Text is signed as its UTF-8 bytes; bytes as they are. */
  message: string | Uint8Array
}
/** The ed25519 signature, 64 bytes. */
export type SignSolanaMessageReturnType = Uint8Array

/**
 * Signs a message with an embedded Solana wallet (the wallet RPC's `signMessage`; the user's first
 * Solana wallet unless one is named). The server refuses bytes that are a transaction this wallet
 * signs: those go through `signSolanaTransaction`.
 *
 * @example
 * const signature = await signSolanaMessage(client, { message: 'Hello from Satchel' })
 */
export async function signSolanaMessage(
  client: SatchelClient,
  { wallet, message }: SignSolanaMessageParameters,
): Promise<SignSolanaMessageReturnType> {
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  const data = await solanaWalletRpc(client, { wallet, method: 'signMessage', params: { message: bytes } })
  return fromBase64Url(readString(data, 'signature', '/api/v1/wallets/:id/rpc'))
}
