import { loginWithWallet } from '../../client/actions/loginWithWallet'
import type { SatchelClient } from '../../client/createSatchelClient'
import type { AuthenticatedUser } from '../../client/types'
import { connectSiweWallet } from './connectSiweWallet'
import type { WalletConnectDapp } from './createWalletConnectDapp'

/**
 * Signs in (or up) with an external wallet over WalletConnect: waits for the wallet to approve the
 * pairing (show `dapp.getState().uri` meanwhile), then signs in with Ethereum through the session.
 *
 * @example
 * await loginWithWalletConnect(client, getWalletConnectDapp(client, { projectId }))
 */
export async function loginWithWalletConnect(
  client: SatchelClient,
  dapp: WalletConnectDapp,
): Promise<AuthenticatedUser> {
  return loginWithWallet(client, await connectSiweWallet(dapp))
}
