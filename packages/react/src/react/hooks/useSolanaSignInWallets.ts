import type { Wallet } from '@wallet-standard/base'
import { useEffect, useState } from 'react'
import { watchSolanaSignInWallets } from '../../client/walletStandard/watchSolanaSignInWallets'

/**
 * The Solana wallets in this browser that can sign in (Wallet Standard), for `loginWithSolanaWallet`;
 * Satchel's own embedded wallets are left out. Needs no `<SatchelProvider>`; empty during server
 * rendering. The list is complete at once: wallets register synchronously when asked.
 *
 * @example
 * const wallets = useSolanaSignInWallets()
 * wallets.map((wallet) => <button onClick={() => loginWithSolanaWallet(client, { wallet })}>{wallet.name}</button>)
 */
export function useSolanaSignInWallets(): readonly Wallet[] {
  const [wallets, setWallets] = useState<readonly Wallet[]>([])
  useEffect(() => watchSolanaSignInWallets({ onChange: setWallets }), [])
  return wallets
}
