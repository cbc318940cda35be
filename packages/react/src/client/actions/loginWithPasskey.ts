import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { UnexpectedResponseError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { verbatim } from '../http/convertCase'
import { isRecord } from '../parse'
import type { AuthenticatedUser, LoginMode } from '../types'
import { requireFeature } from './requireFeature'

function toRequestOptions(answer: unknown): PublicKeyCredentialRequestOptionsJSON {
  const options = isRecord(answer) && isRecord(answer.options) ? answer.options : answer
  if (!isRecord(options) || typeof options.challenge !== 'string') {
    throw new UnexpectedResponseError({ path: '/api/v1/passkeys/authenticate/init', field: 'challenge' })
  }
  const credentials = Array.isArray(options.allowCredentials) ? options.allowCredentials : []
  return {
    challenge: options.challenge,
    ...(typeof options.rpId === 'string' ? { rpId: options.rpId } : {}),
    ...(typeof options.timeout === 'number' ? { timeout: options.timeout } : {}),
    ...(options.userVerification === 'required' ||
    options.userVerification === 'preferred' ||
    options.userVerification === 'discouraged'
      ? { userVerification: options.userVerification }
      : {}),
    allowCredentials: credentials.flatMap((credential) =>
      isRecord(credential) && typeof credential.id === 'string'
        ? [{ id: credential.id, type: 'public-key' as const }]
        : [],
    ),
  }
}

/**
 * Signs in with a passkey. The WebAuthn helpers load only now, not with the app.
 *
 * @throws {FeatureNotAvailableError} while the server has no passkey routes.
 * @example
 * await loginWithPasskey(client)
 */
export async function loginWithPasskey(
  client: SatchelClient,
  { mode = 'login-or-sign-up' }: { mode?: LoginMode | undefined } = {},
): Promise<AuthenticatedUser> {
  const feature = 'Sign-in with a passkey'
  const options = await requireFeature(feature, () =>
    client.request({ method: 'POST', path: '/api/v1/passkeys/authenticate/init', body: {} }),
  )
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const response = await startAuthentication({ optionsJSON: toRequestOptions(options) })
  const path = '/api/v1/passkeys/authenticate'
  const sessionPublicKey = await client.getSessionPublicKey()
  // The authenticator's answer is signed data: sent exactly as the browser produced it.
  const answer = await requireFeature(feature, () =>
    client.request({
      method: 'POST',
      path,
      body: { authenticatorResponse: verbatim(response), mode, sessionPublicKey },
    }),
  )
  return client.completeLogin(answer, path)
}
