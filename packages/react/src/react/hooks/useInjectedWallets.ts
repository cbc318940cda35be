import { useEffect, useState } from 'react'
import { type InjectedWallet, watchInjectedWallets } from '../../client/eip6963/watchInjectedWallets'

export type UseInjectedWalletsReturnType = {
  wallets: readonly InjectedWallet[]
  /** False until the browser has had a moment to answer (an empty list then means none installed). */
  settled: boolean
}

// Wallets answer `eip6963:requestProvider` synchronously or within a few frames of page load.
const SETTLE_MS = 400

/**
 * The browser wallets installed on the page (EIP-6963), each with its name, icon and EIP-1193
 * provider, for `loginWithWallet`. Needs no `<SatchelProvider>`; empty during server rendering.
 *
 * @example
 * const { wallets, settled } = useInjectedWallets()
 * if (settled && wallets.length === 0) return <p>No browser wallet found</p>
 */
export function useInjectedWallets(): UseInjectedWalletsReturnType {
  const [wallets, setWallets] = useState<readonly InjectedWallet[]>([])
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    const stop = watchInjectedWallets({ onChange: setWallets })
    const timer = setTimeout(() => setSettled(true), SETTLE_MS)
    return () => {
      stop()
      clearTimeout(timer)
    }
  }, [])
  return { wallets, settled: settled || wallets.length > 0 }
}
