import { BaseError } from '@satchel/core'
import { SolanaSignMessage, type SolanaSignMessageFeature } from '@solana/wallet-standard-features'
import type { Wallet } from '@wallet-standard/base'
import { StandardConnect, type StandardConnectFeature } from '@wallet-standard/features'
import type { SatchelClient } from '../createSatchelClient'
import { toBase64 } from '../encoding'
import { readString } from '../parse'
import type { AuthenticatedUser, LoginMode } from '../types'
import { requireFeature } from './requireFeature'
import { submitLoginRequest } from './submitLoginRequest'

export type LoginWithSolanaWalletParameters = {
  /** A Solana wallet from the Wallet Standard registry (see `useSolanaSignInWallets`). */
  wallet: Wallet
  /** Shown in the wallet's signing prompt. Default `Sign in with your Solana wallet`. */
  statement?: string | undefined
  mode?: LoginMode | undefined
}

/**
 * Signs in with an existing Solana wallet (Sign In With Solana): connects to the wallet, asks the
 * server for a single-use nonce for its address, has the wallet sign the message for this page's
 * origin, and sends both back.
 *
 * @throws {FeatureNotAvailableError} while the server has no SIWS routes.
 * @example
 * const [phantom] = getWallets().get()
 * await loginWithSolanaWallet(client, { wallet: phantom })
 */
export async function loginWithSolanaWallet(
  client: SatchelClient,
  {
    wallet,
    statement = 'Sign in with your Solana wallet',
    mode = 'login-or-sign-up',
  }: LoginWithSolanaWalletParameters,
): Promise<AuthenticatedUser> {
  const features = wallet.features as Partial<StandardConnectFeature & SolanaSignMessageFeature>
  const connect = features[StandardConnect]
  const signMessage = features[SolanaSignMessage]
  if (!connect || !signMessage) {
    throw new BaseError(`${wallet.name} cannot sign in: it does not sign Solana messages`)
  }
  const { accounts } = await connect.connect()
  const account = accounts.find((each) => each.chains.some((chain) => chain.startsWith('solana:')))
  if (!account) throw new BaseError(`${wallet.name} shared no Solana account`)

  const init = await requireFeature('Sign-in with a Solana wallet', () =>
    client.request({ method: 'POST', path: '/api/v1/siws/init', body: { address: account.address } }),
  )
  const message = createSiwsMessage({
    domain: globalThis.location?.host ?? 'localhost',
    address: account.address,
    statement,
    uri: globalThis.location?.origin ?? 'http://localhost',
    nonce: readString(init, 'nonce', '/api/v1/siws/init'),
    issuedAt: new Date(),
  })
  const [signed] = await signMessage.signMessage({ account, message: new TextEncoder().encode(message) })
  if (!signed) throw new BaseError(`${wallet.name} did not sign the message`)

  return submitLoginRequest(client, {
    path: '/api/v1/siws/authenticate',
    body: {
      message,
      signature: toBase64(signed.signature),
      walletClientType: wallet.name.toLowerCase().slice(0, 64),
      connectorType: 'wallet_standard',
      mode,
    },
  })
}

/** The Sign In With Solana text (the EIP-4361 layout with "Solana account"), fields in the spec's order. */
function createSiwsMessage(fields: {
  domain: string
  address: string
  statement: string
  uri: string
  nonce: string
  issuedAt: Date
}): string {
  return [
    `${fields.domain} wants you to sign in with your Solana account:`,
    fields.address,
    '',
    fields.statement,
    '',
    `URI: ${fields.uri}`,
    'Version: 1',
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
  ].join('\n')
}
