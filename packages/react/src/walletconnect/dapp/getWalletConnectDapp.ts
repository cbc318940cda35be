import type { SignClientTypes } from '@walletconnect/types'
import type { SatchelClient } from '../../client/createSatchelClient'
import { createWalletConnectDapp, type WalletConnectDapp } from './createWalletConnectDapp'

/** `<SatchelProvider config={{ walletConnect }}>`: where the dApp role's WalletConnect traffic goes. */
export type WalletConnectConfig = {
  /** The operator's WalletConnect project id (any string on a loopback relay). */
  projectId: string
  /** Default: WalletConnect's relay. The devnet's loopback relay is `ws://127.0.0.1:PORT`. */
  relayUrl?: string | undefined
  /** The EVM chains to ask the wallet for, the preferred one first. Default `[1]`. */
  chains?: readonly number[] | undefined
  /** What the wallet shows about the app. Default: the page's title and origin. */
  metadata?: SignClientTypes.Metadata | undefined
}

const dapps = new WeakMap<SatchelClient, { key: string; dapp: WalletConnectDapp }>()

/**
 * The one WalletConnect dApp of a Satchel client, so the login modal, a settings page and
 * `useWalletConnect()` all see the same pairing and session. Cheap: the WalletConnect SDK loads only
 * when it first connects. A changed configuration makes a new one (the old one is closed).
 *
 * @example
 * const dapp = getWalletConnectDapp(client, { projectId, relayUrl, chains: [1, 8453] })
 */
export function getWalletConnectDapp(client: SatchelClient, config: WalletConnectConfig): WalletConnectDapp {
  const chains = config.chains && config.chains.length > 0 ? config.chains : [1]
  const key = JSON.stringify([config.projectId, config.relayUrl, chains, config.metadata])
  const known = dapps.get(client)
  if (known?.key === key) return known.dapp
  void known?.dapp.destroy()
  const dapp = createWalletConnectDapp({
    projectId: config.projectId,
    relayUrl: config.relayUrl,
    chains,
    metadata: config.metadata,
    // One WalletConnect store per Satchel app, so two apps on one origin keep their sessions apart.
    storagePrefix: `satchel:${client.appId}`,
  })
  dapps.set(client, { key, dapp })
  return dapp
}
