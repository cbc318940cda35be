import type { SatchelClient } from '../createSatchelClient'
import { fromBase64Url } from '../encoding'
import { readString } from '../parse'
import { solanaWalletRpc } from './solanaWalletRpc'
import type { WalletSelector } from './walletRpc'

export type SignSolanaTransactionParameters = WalletSelector & {
  /** The transaction in wire format (legacy or v0), the wallet's signature slot still empty. */
  transaction: Uint8Array
}
/** The same transaction in wire format, with the wallet's signature in its slot. */
export type SignSolanaTransactionReturnType = Uint8Array

/**
 * Signs a Solana transaction with an embedded wallet without sending it (the wallet RPC's
 * `signTransaction`; the user's first Solana wallet unless one is named). The wallet must be one of
 * the transaction's signers.
 *
 * @example
 * const signed = await signSolanaTransaction(client, { transaction: wireBytes })
 */
export async function signSolanaTransaction(
  client: SatchelClient,
  { wallet, transaction }: SignSolanaTransactionParameters,
): Promise<SignSolanaTransactionReturnType> {
  const data = await solanaWalletRpc(client, { wallet, method: 'signTransaction', params: { transaction } })
  return fromBase64Url(readString(data, 'signedTransaction', '/api/v1/wallets/:id/rpc'))
}
