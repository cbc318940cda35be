import type { Wallet } from '@wallet-standard/base'
import { registerWallet } from '@wallet-standard/wallet'
import type { SatchelClient } from '../client/createSatchelClient'
import { createSolanaStandardWallet, type SolanaStandardWallet } from './createSolanaStandardWallet'

export type RegisterSolanaWalletsParameters = {
  /** How a wallet is announced. Default: `registerWallet` of `@wallet-standard/wallet` (on `window`). */
  register?: ((wallet: Wallet) => void) | undefined
}

export type RegisterSolanaWalletsReturnType = {
  /** The Wallet Standard wallets registered so far, one per embedded Solana wallet. */
  getWallets(): readonly Wallet[]
  /** Stops following the client (the wallets stay registered: the standard has no unregister). */
  unsubscribe(): void
}

// A wallet is registered once per page, however many components ask: apps list each exactly once.
const registered = new WeakMap<SatchelClient, Map<string, SolanaStandardWallet>>()

/**
 * Registers each of the signed-in user's embedded Solana wallets as a Wallet Standard wallet, so any
 * Solana dApp code that lists Standard wallets (the wallet adapter, `@wallet-standard/app`) finds it
 * and signs with it through Satchel's server. Wallets made later (a new login, `createWallet`) are
 * registered as they appear; a logout empties their accounts and tells listeners.
 * Call it in the browser (registration dispatches a window event).
 *
 * @example
 * import { registerSolanaWallets } from '@satchel/react/solana'
 * const { unsubscribe } = registerSolanaWallets(client)
 */
export function registerSolanaWallets(
  client: SatchelClient,
  { register = registerWallet }: RegisterSolanaWalletsParameters = {},
): RegisterSolanaWalletsReturnType {
  const known = registered.get(client) ?? new Map()
  registered.set(client, known)

  const sync = () => {
    const state = client.getState()
    if (state.status === 'authenticated') {
      for (const embedded of state.wallets.wallets) {
        if (embedded.chainType !== 'solana' || known.has(embedded.id)) continue
        const standard = createSolanaStandardWallet(client, embedded)
        known.set(embedded.id, standard)
        register(standard.wallet)
      }
    }
    for (const standard of known.values()) standard.update()
  }
  sync()
  const unsubscribe = client.subscribe(sync)
  return { getWallets: () => [...known.values()].map((standard) => standard.wallet), unsubscribe }
}
