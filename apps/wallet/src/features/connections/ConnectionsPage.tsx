import { useWalletConfig } from '../../app/WalletConfigContext'
import { EmptyState } from '../../shared/ui/EmptyState'
import { WalletConnectScreen } from './WalletConnectScreen'
import './connections.css'

/**
 * Connections: this wallet connected to other apps over WalletConnect. The host's configuration names
 * the relay; without it the screen says WalletConnect is off rather than failing to connect.
 */
export default function ConnectionsPage() {
  const { walletConnect } = useWalletConfig()
  return (
    <section className="connections">
      <h1>Connections</h1>
      {walletConnect ? (
        <WalletConnectScreen projectId={walletConnect.projectId} relayUrl={walletConnect.relayUrl} />
      ) : (
        <EmptyState title="WalletConnect is not configured">
          <p>
            This wallet's host has not set up WalletConnect, so it cannot connect to other apps yet. The
            operator sets a WalletConnect project id and relay in the wallet's configuration.
          </p>
        </EmptyState>
      )}
    </section>
  )
}
