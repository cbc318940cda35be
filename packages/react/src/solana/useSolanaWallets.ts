import type { Wallet } from '@wallet-standard/base'
import { useEffect, useState } from 'react'
import type { SatchelWallet } from '../client/types'
import { useSatchelClient } from '../react/context'
import { useWallets } from '../react/hooks/useWallets'
import { registerSolanaWallets } from './registerSolanaWallets'

export type UseSolanaWalletsReturnType = {
  /** The signed-in user's embedded Solana wallets. */
  wallets: readonly SatchelWallet[]
  /** The same wallets as registered Wallet Standard wallets (for `@solana/wallet-adapter` and the like). */
  standardWallets: readonly Wallet[]
}

/**
 * Registers the signed-in user's embedded Solana wallets as Wallet Standard wallets while mounted,
 * and lists them.
 *
 * @example
 * const { wallets, standardWallets } = useSolanaWallets()
 */
export function useSolanaWallets(): UseSolanaWalletsReturnType {
  const client = useSatchelClient('useSolanaWallets')
  const { wallets } = useWallets()
  const [standardWallets, setStandardWallets] = useState<readonly Wallet[]>([])
  useEffect(() => {
    const registration = registerSolanaWallets(client)
    const read = () => setStandardWallets(registration.getWallets())
    read()
    const stop = client.subscribe(read)
    return () => {
      stop()
      registration.unsubscribe()
    }
  }, [client])
  return { wallets: wallets.filter((wallet) => wallet.chainType === 'solana'), standardWallets }
}
