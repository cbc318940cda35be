import { useEffect, useSyncExternalStore } from 'react'
import type { SatchelClient } from '../../client/createSatchelClient'
import { useSatchelClient } from '../../react/context'
import {
  type CreateWalletConnectWalletParameters,
  createWalletConnectWallet,
  type WalletConnectWallet,
} from './createWalletConnectWallet'
import type { WalletConnectWalletState } from './types'

export type UseWalletConnectWalletParameters = Omit<CreateWalletConnectWalletParameters, 'client'>

export type UseWalletConnectWalletReturnType = WalletConnectWalletState &
  Pick<
    WalletConnectWallet,
    'pair' | 'approveSession' | 'rejectSession' | 'disconnectSession' | 'approveRequest' | 'rejectRequest'
  >

// One wallet role per client and relay for the page's life: WalletKit's Core is a global per storage
// prefix and cannot be started twice, and sessions should keep answering when the screen unmounts.
const wallets = new WeakMap<SatchelClient, Map<string, WalletConnectWallet>>()

function getWalletConnectWallet(client: SatchelClient, parameters: UseWalletConnectWalletParameters) {
  const key = [parameters.projectId, parameters.relayUrl, parameters.customStoragePrefix ?? ''].join('|')
  const byKey = wallets.get(client) ?? new Map<string, WalletConnectWallet>()
  wallets.set(client, byKey)
  let wallet = byKey.get(key)
  if (!wallet) {
    wallet = createWalletConnectWallet({ ...parameters, client })
    byKey.set(key, wallet)
  }
  return wallet
}

/**
 * The embedded wallet as a WalletConnect wallet, for a Connections screen: state (proposals, sessions,
 * the request queue) and the actions to answer them. Starts WalletKit after the first render (never
 * during server rendering); the first call's parameters win for the page's life.
 *
 * @example
 * const { proposals, sessions, queue, pair, approveSession } = useWalletConnectWallet({ projectId, relayUrl, metadata, chains: [1] })
 */
export function useWalletConnectWallet(
  parameters: UseWalletConnectWalletParameters,
): UseWalletConnectWalletReturnType {
  const client = useSatchelClient('useWalletConnectWallet')
  const wallet = getWalletConnectWallet(client, parameters)
  const state = useSyncExternalStore(wallet.subscribe, wallet.getState, wallet.getState)
  useEffect(() => {
    // A start-up failure is in `state.error`.
    wallet.start().catch(() => {})
  }, [wallet])
  return {
    ...state,
    pair: wallet.pair,
    approveSession: wallet.approveSession,
    rejectSession: wallet.rejectSession,
    disconnectSession: wallet.disconnectSession,
    approveRequest: wallet.approveRequest,
    rejectRequest: wallet.rejectRequest,
  }
}
