import type { SatchelClient } from '../createSatchelClient'
import type { ChainType, SatchelWallet } from '../types'
import { createWallet } from './createWallet'

export type CreateMissingWalletsParameters = {
  /** The wallets the user holds now. */
  wallets: readonly SatchelWallet[]
  /** The chain types every user should hold a wallet of, in the order they are made. */
  chainTypes: readonly ChainType[]
}

/**
 * Creates, one after another, a wallet of each chain type in `chainTypes` the user has none of: at
 * login for a new user, and on a later visit for a user who signed up before the app asked for that
 * chain type (an Ethereum-only user gets their Solana wallet). The server answers an existing primary
 * wallet instead of a second one, so two tabs that race end with one wallet per type. A failure is
 * left in the wallets status (`error`); the user stays signed in and the other types are still made.
 *
 * @example
 * await createMissingWallets(client, { wallets, chainTypes: ['ethereum', 'solana'] })
 */
export async function createMissingWallets(
  client: SatchelClient,
  { wallets, chainTypes }: CreateMissingWalletsParameters,
): Promise<void> {
  for (const chainType of chainTypes) {
    if (wallets.some((wallet) => wallet.chainType === chainType)) continue
    await createWallet(client, { chainType }).catch(() => {})
  }
}
