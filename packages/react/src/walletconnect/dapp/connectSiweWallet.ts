import type { InjectedProvider } from '../../client/actions/loginWithWallet'
import type { WalletConnectDapp } from './createWalletConnectDapp'

/**
 * Waits for the wallet to approve the pairing (show `dapp.getState().uri` meanwhile), then answers
 * the session's provider as Sign-In with Ethereum takes it, recorded as `walletconnect` /
 * `wallet_connect`: the same for signing in and for linking.
 *
 * @example
 * await loginWithWallet(client, await connectSiweWallet(dapp))
 */
export async function connectSiweWallet(dapp: WalletConnectDapp): Promise<{
  provider: InjectedProvider
  walletClientType: 'walletconnect'
  connectorType: 'wallet_connect'
}> {
  await dapp.connect()
  return { provider: dapp.provider, walletClientType: 'walletconnect', connectorType: 'wallet_connect' }
}
