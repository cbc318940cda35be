import { UnexpectedResponseError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { readString } from '../parse'
import type { InjectedProvider } from './loginWithWallet'
import { requireFeature } from './requireFeature'

export type SignSiweMessageParameters = {
  provider: InjectedProvider
  /** Shown in the wallet's signing prompt. */
  statement: string
  /** Names the feature in a FeatureNotAvailableError. */
  feature: string
}

export type SignSiweMessageReturnType = {
  message: string
  signature: string
  /** The chain the wallet is on (the message names it). */
  chainId: number
}

/**
 * One Sign-In with Ethereum (EIP-4361) proof from a wallet's EIP-1193 provider: its first account, a
 * single-use nonce from the server for that address, and the wallet's `personal_sign` of the message
 * for this page's origin. viem's SIWE helpers load only now.
 *
 * @throws {FeatureNotAvailableError} while the server has no SIWE routes.
 * @example
 * const proof = await signSiweMessage(client, { provider, statement: 'Link this wallet', feature: 'Linking a wallet' })
 */
export async function signSiweMessage(
  client: SatchelClient,
  { provider, statement, feature }: SignSiweMessageParameters,
): Promise<SignSiweMessageReturnType> {
  const [{ getAddress, toHex }, { createSiweMessage }] = await Promise.all([
    import('viem'),
    import('viem/siwe'),
  ])
  const accounts = await provider.request({ method: 'eth_requestAccounts' })
  const first = Array.isArray(accounts) ? accounts[0] : undefined
  if (typeof first !== 'string')
    throw new UnexpectedResponseError({ path: 'eth_requestAccounts', field: '0' })
  const address = getAddress(first)
  const chainIdHex = await provider.request({ method: 'eth_chainId' })
  const chainId = typeof chainIdHex === 'string' ? Number(BigInt(chainIdHex)) : 1
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
    // Always a statement: the server's strict parser does not take the statement-less form.
    statement,
  })
  // EIP-1193 / ERC-191: the message goes as 0x-hex of its UTF-8 bytes, then the address. A strict
  // wallet signs the first parameter as bytes, so text would be other bytes and the proof would fail.
  const signature = await provider.request({ method: 'personal_sign', params: [toHex(message), address] })
  if (typeof signature !== 'string')
    throw new UnexpectedResponseError({ path: 'personal_sign', field: 'result' })
  return { message, signature, chainId }
}
