import {
  type UseWalletConnectWalletReturnType,
  useWalletConnectWallet,
} from '@satchel/react/walletconnect-wallet'
import { useEffect } from 'react'
import { useSolanaClusters } from '../../shared/chains/solana/useSolanaClusters'
import { useWalletChains } from '../../shared/chains/useWalletChains'
import { connectionsActivity } from './connectionsActivity'

/**
 * The wallet's WalletConnect wallet role, the same one wherever it is used (the Connections screen,
 * the app-wide watcher): WalletKit keeps one client per page, started with the first caller's settings,
 * so both callers pass the same ones here. Tells the navigation how many requests wait, and marks
 * WalletConnect in use while apps are connected or a link is being paired (unmarked once it has
 * started and nothing is connected), so the next visit starts it app-wide only if needed.
 *
 * @example
 * const { sessions, queue, pair } = useConnectionsWallet({ projectId, relayUrl })
 */
export function useConnectionsWallet({
  projectId,
  relayUrl,
}: {
  projectId: string
  relayUrl: string
}): UseWalletConnectWalletReturnType {
  const chains = useWalletChains()
  const clusters = useSolanaClusters()
  const walletConnect = useWalletConnectWallet({
    projectId,
    relayUrl,
    chains: chains.map((chain) => chain.id),
    solanaChains: clusters.map((cluster) => cluster.caip2),
    metadata: {
      name: 'Satchel Wallet',
      description: 'A Satchel embedded wallet',
      url: location.origin,
      icons: [],
    },
  })
  const { status, sessions, proposals, pairing, queue } = walletConnect
  const pendingRequests = queue.current ? queue.waiting + 1 : 0
  const inUse = sessions.length > 0 || proposals.length > 0 || pairing || pendingRequests > 0
  // Only a started wallet role knows there is nothing: before that, sessions are not loaded yet.
  const settled = status === 'ready'
  useEffect(() => {
    connectionsActivity.report(inUse || settled ? { inUse, pendingRequests } : { pendingRequests })
  }, [inUse, settled, pendingRequests])
  return walletConnect
}
