import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { UnexpectedResponseError } from '../../errors/errors'
import { isRecord } from '../parse'

type UserVerification = NonNullable<PublicKeyCredentialRequestOptionsJSON['userVerification']>

const isUserVerification = (value: unknown): value is UserVerification =>
  value === 'required' || value === 'preferred' || value === 'discouraged'

/**
 * The WebAuthn request options in a server's passkey challenge (`{ options }` or the options
 * themselves), checked field by field: only the challenge is required. Where the person must be
 * verified (a second factor, "Confirm it's you"), user verification is `required` whatever the server
 * says; otherwise the server's choice is kept.
 *
 * @throws {UnexpectedResponseError} when the answer carries no challenge.
 * @example
 * const optionsJSON = toPasskeyRequestOptions(answer, '/api/v1/mfa/passkeys/init', { verifyUser: true })
 */
export function toPasskeyRequestOptions(
  answer: unknown,
  path: string,
  { verifyUser }: { verifyUser: boolean },
): PublicKeyCredentialRequestOptionsJSON {
  const options = isRecord(answer) && isRecord(answer.options) ? answer.options : answer
  if (!isRecord(options) || typeof options.challenge !== 'string') {
    throw new UnexpectedResponseError({ path, field: 'challenge' })
  }
  const credentials = Array.isArray(options.allowCredentials) ? options.allowCredentials : []
  // A second factor or a step-up always verifies the person, whatever the options say.
  const userVerification = verifyUser ? 'required' : options.userVerification
  return {
    challenge: options.challenge,
    ...(typeof options.rpId === 'string' ? { rpId: options.rpId } : {}),
    ...(typeof options.timeout === 'number' ? { timeout: options.timeout } : {}),
    ...(isUserVerification(userVerification) ? { userVerification } : {}),
    allowCredentials: credentials.flatMap((credential) =>
      isRecord(credential) && typeof credential.id === 'string'
        ? [{ id: credential.id, type: 'public-key' as const }]
        : [],
    ),
  }
}
