import type { SatchelClient } from '../createSatchelClient'
import type { AuthenticatedUser, LoginMode } from '../types'
import { signSiweMessage } from './signSiweMessage'
import { submitLoginRequest } from './submitLoginRequest'

/** The part of an EIP-1193 provider (an injected wallet) that sign-in needs. */
export type InjectedProvider = { request(arguments_: { method: string; params?: unknown }): Promise<unknown> }

export type LoginWithWalletParameters = {
  provider: InjectedProvider
  /** Shown in the wallet's signing prompt. Default `Sign in with your Ethereum wallet`. */
  statement?: string | undefined
  /** Recorded with the linked wallet, e.g. `metamask`. Default `unknown`. */
  walletClientType?: string | undefined
  /** How the wallet was reached: `injected` (default) or `wallet_connect` (a WalletConnect session's provider). */
  connectorType?: string | undefined
  mode?: LoginMode | undefined
}

/**
 * Signs in with an existing Ethereum wallet (Sign-In with Ethereum, EIP-4361): asks the server for a
 * single-use nonce, has the wallet sign the message, and sends both back. viem's SIWE helpers load
 * only now.
 *
 * @throws {FeatureNotAvailableError} while the server has no SIWE routes.
 * @example
 * await loginWithWallet(client, { provider: window.ethereum })
 */
export async function loginWithWallet(
  client: SatchelClient,
  {
    provider,
    statement = 'Sign in with your Ethereum wallet',
    walletClientType = 'unknown',
    connectorType = 'injected',
    mode = 'login-or-sign-up',
  }: LoginWithWalletParameters,
): Promise<AuthenticatedUser> {
  const { message, signature, chainId } = await signSiweMessage(client, {
    provider,
    statement,
    feature: 'Sign-in with a wallet',
  })
  return submitLoginRequest(client, {
    path: '/api/v1/siwe/authenticate',
    body: { message, signature, chainId: `eip155:${chainId}`, walletClientType, connectorType, mode },
  })
}
