import type { SatchelClient } from '../createSatchelClient'
import type { SatchelUser } from '../types'
import type { InjectedProvider } from './loginWithWallet'
import { signSiweMessage } from './signSiweMessage'
import { submitLinkRequest } from './submitLinkRequest'

export type LinkWalletParameters = {
  /** The wallet's EIP-1193 provider: an injected one (EIP-6963) or a WalletConnect session's. */
  provider: InjectedProvider
  /** Shown in the wallet's signing prompt. Default `Link this wallet to your account`. */
  statement?: string | undefined
  /** Recorded with the linked wallet, e.g. `metamask` or `walletconnect`. Default `unknown`. */
  walletClientType?: string | undefined
  /** How it was reached: `injected` (default) or `wallet_connect`. */
  connectorType?: string | undefined
}

/**
 * Adds an external Ethereum wallet to the signed-in user: the wallet signs a Sign-In with Ethereum
 * message (EIP-4361) with a single-use nonce, and the server verifies it before linking
 * (`linked_to_another_user` when it belongs to someone else). The user in the client's state updates,
 * so the wallet shows among `linkedAccounts` at once. Remove it with
 * `unlinkAccount(client, { type: 'wallet', address })`.
 *
 * @throws {FeatureNotAvailableError} while the server has no SIWE routes.
 * @example
 * const session = await dapp.connect()
 * await linkWallet(client, { provider: dapp.provider, walletClientType: 'walletconnect', connectorType: 'wallet_connect' })
 */
export async function linkWallet(
  client: SatchelClient,
  {
    provider,
    statement = 'Link this wallet to your account',
    walletClientType = 'unknown',
    connectorType = 'injected',
  }: LinkWalletParameters,
): Promise<SatchelUser> {
  const feature = 'Linking a wallet'
  const { message, signature, chainId } = await signSiweMessage(client, { provider, statement, feature })
  return submitLinkRequest(client, {
    feature,
    path: '/api/v1/siwe/link',
    body: { message, signature, chainId: `eip155:${chainId}`, walletClientType, connectorType },
  })
}
