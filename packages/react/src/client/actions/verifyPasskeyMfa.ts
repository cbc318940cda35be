import { MFA_VERIFICATION_TTL_SECONDS } from '@satchel/core'
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { UnexpectedResponseError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { verbatim } from '../http/convertCase'
import { isRecord, readString } from '../parse'
import { requireFeature } from './requireFeature'

const init = '/api/v1/mfa/passkeys/init'

function toRequestOptions(answer: unknown): PublicKeyCredentialRequestOptionsJSON {
  const options = isRecord(answer) && isRecord(answer.options) ? answer.options : answer
  if (!isRecord(options) || typeof options.challenge !== 'string')
    throw new UnexpectedResponseError({ path: init, field: 'challenge' })
  const credentials = Array.isArray(options.allowCredentials) ? options.allowCredentials : []
  return {
    challenge: options.challenge,
    ...(typeof options.rpId === 'string' ? { rpId: options.rpId } : {}),
    ...(typeof options.timeout === 'number' ? { timeout: options.timeout } : {}),
    // A second factor always verifies the person, whatever the options say.
    userVerification: 'required',
    allowCredentials: credentials.flatMap((credential) =>
      isRecord(credential) && typeof credential.id === 'string'
        ? [{ id: credential.id, type: 'public-key' as const }]
        : [],
    ),
  }
}

/**
 * Passes passkey MFA before a sensitive action: the server's challenge for the user's enrolled
 * passkeys, the browser's passkey prompt, then `/api/v1/mfa/passkeys/verify`. The client then sends
 * the MFA token with requests for the next 15 minutes. The WebAuthn helpers load only now.
 *
 * @example
 * await verifyPasskeyMfa(client)
 * await exportWallet(client)
 */
export async function verifyPasskeyMfa(client: SatchelClient): Promise<void> {
  const feature = 'Passkeys as a second factor'
  const options = await requireFeature(feature, () =>
    client.request({ method: 'POST', path: init, body: {}, auth: true }),
  )
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const response = await startAuthentication({ optionsJSON: toRequestOptions(options) })
  const path = '/api/v1/mfa/passkeys/verify'
  // The authenticator's answer is signed data: sent exactly as the browser produced it.
  const answer = await client.request({
    method: 'POST',
    path,
    body: { authenticatorResponse: verbatim(response) },
    auth: true,
  })
  client.setMfaToken(readString(answer, 'token', path), Date.now() + MFA_VERIFICATION_TTL_SECONDS * 1000)
}
