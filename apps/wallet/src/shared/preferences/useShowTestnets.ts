import { useState } from 'react'
import { useWalletChains } from '../chains/useWalletChains'

const TESTNETS_KEY = 'satchel-wallet:show-testnets'

/**
 * Whether this device shows test chains, and a way to change it (a setting, saved in localStorage).
 * When every configured chain is a testnet (the devnet), they are shown unless turned off: hiding them
 * would hide everything.
 *
 * @example
 * const { showTestnets, setShowTestnets, onlyTestnets } = useShowTestnets()
 */
export function useShowTestnets() {
  const chains = useWalletChains()
  const onlyTestnets = chains.length > 0 && chains.every((chain) => chain.testnet)
  const [showTestnets, setState] = useState(() => {
    const stored = localStorage.getItem(TESTNETS_KEY)
    return stored === null ? onlyTestnets : stored === 'true'
  })
  const setShowTestnets = (value: boolean) => {
    setState(value)
    localStorage.setItem(TESTNETS_KEY, String(value))
  }
  const shown = chains.filter((chain) => showTestnets || !chain.testnet)
  return { showTestnets, setShowTestnets, onlyTestnets, chains: shown }
}
