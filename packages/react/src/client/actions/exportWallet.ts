import { UnexpectedResponseError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { verbatim } from '../http/convertCase'
import { isRecord } from '../parse'
import { decryptJwe } from '../session/decryptJwe'
import { requireFeature } from './requireFeature'
import { getWallet, type WalletSelector } from './walletRpc'

export type ExportWalletParameters = WalletSelector & {
  /** The wallet's own private key (default), or the seed phrase of all the user's wallets. */
  what?: 'private_key' | 'mnemonic' | undefined
}

export type ExportWalletReturnType = {
  /** The recovery phrase or private key: show it to the user, never log or send it. */
  secret: string
}

/**
 * Exports an embedded wallet's secret. The browser makes a key pair for this export only; the server
 * encrypts the secret to its public half (JWE, ECDH-ES), so the plaintext exists only here. The request
 * is signed with the session key; the server then asks for a fresh second factor when the user has
 * one, or else a login proved in the last 5 minutes.
 *
 * @throws {StepUpRequiredError} `reason: 'mfa'` (verify MFA) or `'reauthentication'` (reauthenticate), then retry.
 * @example
 * const { secret } = await exportWallet(client, { wallet: '0x1234...' })
 */
export async function exportWallet(
  client: SatchelClient,
  { wallet, what = 'private_key' }: ExportWalletParameters = {},
): Promise<ExportWalletReturnType> {
  const target = getWallet(client, { wallet })
  const recipient = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', recipient.publicKey)
  const path = `/api/v1/wallets/${encodeURIComponent(target.id)}/export`
  const answer = await requireFeature('Exporting a wallet', () =>
    client.request({
      method: 'POST',
      path,
      body: { recipientPublicKey: verbatim({ kty, crv, x, y }), what },
      auth: true,
      signed: {},
    }),
  )
  if (!isRecord(answer) || typeof answer.ciphertext !== 'string') {
    throw new UnexpectedResponseError({ path: '/api/v1/wallets/:id/export', field: 'ciphertext' })
  }
  return { secret: await decryptJwe({ jwe: answer.ciphertext, privateKey: recipient.privateKey }) }
}
