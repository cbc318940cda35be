import { createContext, useContext } from 'react'
import type { WalletConfig } from './readWalletConfig'

export const WalletConfigContext = createContext<WalletConfig | undefined>(undefined)

/**
 * The configuration the wallet was served with (app id, API, chains).
 *
 * @example
 * const { chains } = useWalletConfig()
 */
export function useWalletConfig(): WalletConfig {
  const config = useContext(WalletConfigContext)
  if (!config) throw new Error('useWalletConfig must be used inside <App>')
  return config
}
