import { SatchelProvider, type SatchelProviderConfig } from '@satchel/react'
import { useMemo } from 'react'
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
  // Linking an external wallet (Settings) goes through the relay the host configured, for its chains.
  const satchelConfig = useMemo<SatchelProviderConfig>(
    () => ({
      ...providerConfig,
      // A wallet with Solana clusters gives everyone a Solana wallet too (on their next visit if need be).
      ...(config.solana.length > 0 ? { walletChainTypes: ['ethereum', 'solana'] } : {}),
      ...(config.walletConnect
        ? { walletConnect: { ...config.walletConnect, chains: config.chains.map((c) => c.id) } }
        : {}),
    }),
    [config],
  )
  return (
    <WalletConfigContext.Provider value={config}>
      <SatchelProvider appId={config.appId} serverUrl={config.serverUrl} config={satchelConfig}>
        <AppGate />
      </SatchelProvider>
    </WalletConfigContext.Provider>
  )
}
