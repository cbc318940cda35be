import { useSyncExternalStore } from 'react'
import { type ConnectionsActivity, connectionsActivity } from './connectionsActivity'

/**
 * Whether WalletConnect is in use in this browser and how many app requests wait, re-rendering when
 * either changes. Loads nothing of WalletConnect.
 *
 * @example
 * const { pendingRequests } = useConnectionsActivity()
 */
export function useConnectionsActivity(): ConnectionsActivity {
  return useSyncExternalStore(connectionsActivity.subscribe, connectionsActivity.get, connectionsActivity.get)
}
