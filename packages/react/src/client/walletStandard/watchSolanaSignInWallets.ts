import { SolanaSignMessage } from '@solana/wallet-standard-features'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { StandardConnect } from '@wallet-standard/features'
import { satchelStandardWallets } from './satchelStandardWallets'

export type WatchSolanaSignInWalletsParameters = {
  /** Called with every usable wallet so far, at once and each time one registers or leaves. */
  onChange: (wallets: readonly Wallet[]) => void
}

/**
 * The Solana wallets in this browser that can sign in (Wallet Standard: `standard:connect` and
 * `solana:signMessage` on a `solana:` chain), for `loginWithSolanaWallet`. Satchel's own embedded
 * wallets are left out. Returns a function that stops watching.
 *
 * @example
 * const stop = watchSolanaSignInWallets({ onChange: (wallets) => render(wallets) })
 */
export function watchSolanaSignInWallets({ onChange }: WatchSolanaSignInWalletsParameters): () => void {
  if (typeof window === 'undefined') {
    onChange([])
    return () => {}
  }
  const registry = getWallets()
  const emit = () => onChange(registry.get().filter(canSignIn))
  const stops = [registry.on('register', emit), registry.on('unregister', emit)]
  emit()
  return () => {
    for (const stop of stops) stop()
  }
}

function canSignIn(wallet: Wallet): boolean {
  return (
    !satchelStandardWallets.has(wallet) &&
    StandardConnect in wallet.features &&
    SolanaSignMessage in wallet.features &&
    wallet.chains.some((chain) => chain.startsWith('solana:'))
  )
}
