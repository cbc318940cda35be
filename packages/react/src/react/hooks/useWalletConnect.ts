import { useContext, useEffect, useMemo, useSyncExternalStore } from 'react'
import type { AuthenticatedUser, SatchelUser } from '../../client/types'
import type { Eip1193Provider } from '../../ethereum/eip1193Methods'
import type { WalletConnectDappState } from '../../walletconnect/dapp/createWalletConnectDapp'
import { getWalletConnectDapp } from '../../walletconnect/dapp/getWalletConnectDapp'
import { holdWalletConnectDapp } from '../../walletconnect/dapp/holdWalletConnectDapp'
import { linkWithWalletConnect } from '../../walletconnect/dapp/linkWithWalletConnect'
import { loginWithWalletConnect } from '../../walletconnect/dapp/loginWithWalletConnect'
import type { WalletConnectSession } from '../../walletconnect/dapp/readWalletConnectSession'
import { WalletConnectNotConfiguredError } from '../../walletconnect/dapp/WalletConnectNotConfiguredError'
import { SatchelUiContext, useSatchelClient } from '../context'

export type UseWalletConnectReturnType = {
  /** False while `<SatchelProvider config={{ walletConnect }}>` has no WalletConnect settings. */
  isConfigured: boolean
  state: WalletConnectDappState
  /** The `wc:` URI to show as a QR code, copy, or open as a deep link, while `waiting`. */
  uri: string | undefined
  session: WalletConnectSession | undefined
  /** The connected wallet as an EIP-1193 provider (for viem, wagmi, ethers). */
  provider: Eip1193Provider | undefined
  connect: () => Promise<WalletConnectSession>
  /** Connects if needed, then links the wallet to the signed-in user (SIWE). */
  link: () => Promise<SatchelUser>
  /** Connects if needed, then signs in (or up) with the wallet (SIWE). */
  login: () => Promise<AuthenticatedUser>
  disconnect: () => Promise<void>
  /** Keeps the session 7 more days from now. */
  extend: () => Promise<WalletConnectSession>
}

const idle: WalletConnectDappState = { status: 'idle' }
const getIdle = () => idle
const noSubscription = () => () => {}
const notConfigured = () => Promise.reject(new WalletConnectNotConfiguredError())

/**
 * An external wallet over WalletConnect: the pairing URI to show, the session once the wallet
 * approves, and the wallet as an EIP-1193 provider. The WalletConnect SDK loads on the first
 * `connect()`, or at mount when this app had a session before a reload: that session is `connected`
 * again. Disconnects from the wallet's side and expiry show in `state` at once. When the last
 * component using it unmounts, the relay socket closes (the session stays for next time).
 *
 * @example
 * const { state, uri, link } = useWalletConnect()
 * <button onClick={() => link()}>Link a wallet</button>
 * {uri && <a href={uri}>Open your wallet</a>}
 */
export function useWalletConnect(): UseWalletConnectReturnType {
  const client = useSatchelClient('useWalletConnect')
  const { walletConnect } = useContext(SatchelUiContext)
  const dapp = useMemo(
    () => (walletConnect ? getWalletConnectDapp(client, walletConnect) : undefined),
    [client, walletConnect],
  )
  const state = useSyncExternalStore(dapp?.subscribe ?? noSubscription, dapp?.getState ?? getIdle, () => idle)
  // Mounted: a session from the last page load is taken up. The last user gone (the provider
  // unmounted with it): the relay socket closes and the SDK's timers stop.
  useEffect(() => (dapp ? holdWalletConnectDapp(dapp) : undefined), [dapp])
  // Stable functions, so a component can start a connection from an effect that lists them.
  const actions = useMemo(
    () => ({
      connect: dapp ? dapp.connect : notConfigured,
      link: dapp ? () => linkWithWalletConnect(client, dapp) : notConfigured,
      login: dapp ? () => loginWithWalletConnect(client, dapp) : notConfigured,
      disconnect: dapp ? dapp.disconnect : notConfigured,
      extend: dapp ? dapp.extend : notConfigured,
    }),
    [client, dapp],
  )
  return {
    isConfigured: dapp !== undefined,
    state,
    uri: state.status === 'waiting' ? state.uri : undefined,
    session: state.status === 'connected' ? state.session : undefined,
    provider: dapp?.provider,
    ...actions,
  }
}
