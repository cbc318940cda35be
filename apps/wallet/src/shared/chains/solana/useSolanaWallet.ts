import { type SatchelWallet, useWallets } from '@satchel/react'

/**
 * The user's embedded Solana wallet (the first one), or undefined while there is none yet (it is made
 * at sign-in, or on the next visit of someone who signed up before the wallet had Solana).
 *
 * @example
 * const wallet = useSolanaWallet()
 * if (wallet) show(wallet.address)
 */
export function useSolanaWallet(): SatchelWallet | undefined {
  const { wallets } = useWallets()
  return wallets.find((wallet) => wallet.chainType === 'solana')
}
