import { UnexpectedResponseError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { readString } from '../parse'
import type { AuthenticatedUser, LoginMode } from '../types'
import { requireFeature } from './requireFeature'

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
  const [{ getAddress }, { createSiweMessage }] = await Promise.all([import('viem'), import('viem/siwe')])
  const accounts = await provider.request({ method: 'eth_requestAccounts' })
  const first = Array.isArray(accounts) ? accounts[0] : undefined
  if (typeof first !== 'string')
    throw new UnexpectedResponseError({ path: 'eth_requestAccounts', field: '0' })
  const address = getAddress(first)
  const chainIdHex = await provider.request({ method: 'eth_chainId' })
  const chainId = typeof chainIdHex === 'string' ? Number(BigInt(chainIdHex)) : 1
  const feature = 'Sign-in with a wallet'
  const init = await requireFeature(feature, () =>
    client.request({ method: 'POST', path: '/api/v1/siwe/init', body: { address } }),
  )
  const message = createSiweMessage({
    address,
    chainId,
    domain: globalThis.location?.host ?? 'localhost',
    uri: globalThis.location?.origin ?? 'http://localhost',
    nonce: readString(init, 'nonce', '/api/v1/siwe/init'),
    version: '1',
    issuedAt: new Date(),
    // Always a statement: the server's strict parser does not yet take the statement-less form.
    statement,
  })
  const signature = await provider.request({ method: 'personal_sign', params: [message, address] })
  if (typeof signature !== 'string')
    throw new UnexpectedResponseError({ path: 'personal_sign', field: 'result' })
  const path = '/api/v1/siwe/authenticate'
  const sessionPublicKey = await client.getSessionPublicKey()
  const answer = await client.request({
    method: 'POST',
    path,
    body: {
      message,
      signature,
      chainId: `eip155:${chainId}`,
      walletClientType,
      connectorType,
      mode,
      sessionPublicKey,
    },
  })
  return client.completeLogin(answer, path)
}
