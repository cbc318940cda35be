import { UnexpectedResponseError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { verbatim } from '../http/convertCase'
import { isRecord } from '../parse'
import { codeProof } from './codeFlow'
import type { InjectedProvider } from './loginWithWallet'
import { requireFeature } from './requireFeature'
import { signSiweMessage } from './signSiweMessage'
import { toPasskeyRequestOptions } from './toPasskeyRequestOptions'

/** When the session last confirmed it is the person (unix seconds): good for 5 minutes. */
export type ReauthenticateReturnType = { reauthenticatedAt: number }

const feature = "Confirming it's you"

async function confirm(
  client: SatchelClient,
  path: string,
  body: unknown,
): Promise<ReauthenticateReturnType> {
  // Signed: a stolen access token alone cannot confirm anything.
  const answer = await requireFeature(feature, () =>
    client.request({ method: 'POST', path, body, auth: true, signed: {} }),
  )
  if (!isRecord(answer) || typeof answer.reauthenticatedAt !== 'number')
    throw new UnexpectedResponseError({ path, field: 'reauthenticated_at' })
  return { reauthenticatedAt: answer.reauthenticatedAt }
}

/**
 * "Confirm it's you" with a code sent to one of the user's email addresses (`sendEmailCode` first).
 * For the next 5 minutes this session may export, unlink a way in and set a first recovery lock
 * (for a user without a second factor; one with MFA verifies it instead). An address of someone
 * else is `invalid_credentials`.
 *
 * @example
 * await sendEmailCode(client, { email })
 * await reauthenticateWithEmail(client, { email, code })
 * await exportWallet(client)
 */
export function reauthenticateWithEmail(
  client: SatchelClient,
  { email, code }: { email: string; code: string },
): Promise<ReauthenticateReturnType> {
  return confirm(client, '/api/v1/passwordless/reauthenticate', codeProof(client, 'email', email, code))
}

/**
 * "Confirm it's you" with a code texted to the user's phone (`sendSmsCode` first); see
 * {@link reauthenticateWithEmail}.
 *
 * @example
 * await sendSmsCode(client, { phoneNumber })
 * await reauthenticateWithSms(client, { phoneNumber, code })
 */
export function reauthenticateWithSms(
  client: SatchelClient,
  { phoneNumber, code }: { phoneNumber: string; code: string },
): Promise<ReauthenticateReturnType> {
  return confirm(
    client,
    '/api/v1/passwordless_sms/reauthenticate',
    codeProof(client, 'sms', phoneNumber, code),
  )
}

/**
 * "Confirm it's you" with one of the user's passkeys (the browser's passkey prompt, with user
 * verification); see {@link reauthenticateWithEmail}. The WebAuthn helpers load only now.
 *
 * @example
 * await reauthenticateWithPasskey(client)
 */
export async function reauthenticateWithPasskey(client: SatchelClient): Promise<ReauthenticateReturnType> {
  const init = '/api/v1/passkeys/reauthenticate/init'
  const answer = await requireFeature(feature, () =>
    client.request({ method: 'POST', path: init, body: {}, auth: true, signed: {} }),
  )
  const optionsJSON = toPasskeyRequestOptions(answer, init, { verifyUser: true })
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const response = await startAuthentication({ optionsJSON })
  // The authenticator's answer is signed data: sent exactly as the browser produced it.
  return confirm(client, '/api/v1/passkeys/reauthenticate', { authenticatorResponse: verbatim(response) })
}

/**
 * "Confirm it's you" with an Ethereum wallet linked to the user (an injected one, or a WalletConnect
 * session's provider): it signs a Sign-In with Ethereum message; see {@link reauthenticateWithEmail}.
 *
 * @example
 * await reauthenticateWithWallet(client, { provider: window.ethereum })
 */
export async function reauthenticateWithWallet(
  client: SatchelClient,
  { provider }: { provider: InjectedProvider },
): Promise<ReauthenticateReturnType> {
  const { message, signature, chainId } = await signSiweMessage(client, {
    provider,
    statement: "Confirm it's you",
    feature,
  })
  return confirm(client, '/api/v1/siwe/reauthenticate', { message, signature, chainId: `eip155:${chainId}` })
}
