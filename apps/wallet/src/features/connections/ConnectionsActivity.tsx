import { type ComponentType, lazy, Suspense } from 'react'
import { useWalletConfig } from '../../app/WalletConfigContext'
import { useConnectionsActivity } from './useConnectionsActivity'

type ActivityProps = { projectId: string; relayUrl: string }

// Its own chunk, with WalletKit behind it: loaded only in a browser whose wallet has connected apps.
// A failed load shows nothing here: the watcher is a convenience, and the Connections screen reports
// a WalletConnect failure in words when opened.
const Nothing: ComponentType<ActivityProps> = () => null
const WalletConnectActivity = lazy(
  (): Promise<{ default: ComponentType<ActivityProps> }> =>
    import('./WalletConnectActivity').catch(() => ({ default: Nothing })),
)

/**
 * Keeps the WalletConnect wallet role running across the signed-in wallet once apps are connected
 * (or a link is being paired), so a request that arrives on another screen is announced there and
 * counted on the Connections badge. Renders nothing, and loads nothing, for anyone else.
 *
 * @example
 * <Shell>…<ConnectionsActivity /></Shell>
 */
export function ConnectionsActivity() {
  const { walletConnect } = useWalletConfig()
  const { inUse } = useConnectionsActivity()
  if (!walletConnect || !inUse) return null
  return (
    <Suspense fallback={null}>
      <WalletConnectActivity projectId={walletConnect.projectId} relayUrl={walletConnect.relayUrl} />
    </Suspense>
  )
}
