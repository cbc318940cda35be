import { linkWallet } from '../../client/actions/linkWallet'
import type { SatchelClient } from '../../client/createSatchelClient'
import type { SatchelUser } from '../../client/types'
import { connectSiweWallet } from './connectSiweWallet'
import type { WalletConnectDapp } from './createWalletConnectDapp'

/**
 * Links an external wallet to the signed-in user over WalletConnect: waits for the wallet to approve
 * the pairing (show `dapp.getState().uri` meanwhile), then has it sign a Sign-In with Ethereum message
 * that the server verifies. The wallet is recorded as `walletconnect` / `wallet_connect`.
 *
 * @example
 * const user = await linkWithWalletConnect(client, getWalletConnectDapp(client, { projectId }))
 */
export async function linkWithWalletConnect(
  client: SatchelClient,
  dapp: WalletConnectDapp,
): Promise<SatchelUser> {
  return linkWallet(client, await connectSiweWallet(dapp))
}
