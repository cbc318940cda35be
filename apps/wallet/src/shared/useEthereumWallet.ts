import { type SatchelWallet, useWallets } from '@satchel/react'

/**
 * The user's embedded Ethereum wallet (the first one), or undefined while there is none yet.
 *
 * @example
 * const wallet = useEthereumWallet()
 * if (wallet) show(wallet.address)
 */
export function useEthereumWallet(): SatchelWallet | undefined {
  const { wallets } = useWallets()
  return wallets.find((wallet) => wallet.chainType === 'ethereum')
}
