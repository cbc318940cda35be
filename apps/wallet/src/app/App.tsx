import { SatchelProvider, type SatchelProviderConfig } from '@satchel/react'
import { AppGate } from './AppGate'
import type { WalletConfig } from './readWalletConfig'
import { WalletConfigContext } from './WalletConfigContext'

// Every user gets an Ethereum wallet when they first sign in, whatever way they came in.
const providerConfig: SatchelProviderConfig = { createWalletsOnLogin: 'users-without-wallets' }

/**
 * The wallet: the Satchel provider around the gate that shows sign-in or the signed-in shell.
 *
 * @example
 * createRoot(root).render(<App config={config} />)
 */
export function App({ config }: { config: WalletConfig }) {
  return (
    <WalletConfigContext.Provider value={config}>
      <SatchelProvider appId={config.appId} serverUrl={config.serverUrl} config={providerConfig}>
        <AppGate />
      </SatchelProvider>
    </WalletConfigContext.Provider>
  )
}
