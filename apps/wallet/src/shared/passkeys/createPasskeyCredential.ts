import { UnexpectedResponseError, verbatim } from '@satchel/react'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown): value is string => typeof value === 'string'

/**
 * The creation options in WebAuthn's JSON form, checked field by field (they come from the network).
 * Answers undefined when a required field is missing.
 */
function toCreationOptions(value: unknown): PublicKeyCredentialCreationOptionsJSON | undefined {
  if (!isRecord(value) || !text(value.challenge) || !isRecord(value.rp) || !isRecord(value.user))
    return undefined
  const { rp, user, authenticatorSelection: selection } = value
  if (!text(rp.name) || !text(user.id) || !text(user.name) || !text(user.displayName)) return undefined
  const params = Array.isArray(value.pubKeyCredParams) ? value.pubKeyCredParams : []
  const excluded = Array.isArray(value.excludeCredentials) ? value.excludeCredentials : []
  return {
    challenge: value.challenge,
    rp: { name: rp.name, ...(text(rp.id) ? { id: rp.id } : {}) },
    user: { id: user.id, name: user.name, displayName: user.displayName },
    pubKeyCredParams: params.flatMap((param) =>
      isRecord(param) && typeof param.alg === 'number'
        ? [{ alg: param.alg, type: 'public-key' as const }]
        : [],
    ),
    excludeCredentials: excluded.flatMap((credential) =>
      isRecord(credential) && text(credential.id) ? [{ id: credential.id, type: 'public-key' as const }] : [],
    ),
    ...(typeof value.timeout === 'number' ? { timeout: value.timeout } : {}),
    ...(isRecord(selection)
      ? {
          authenticatorSelection: {
            ...(selection.residentKey === 'required' ||
            selection.residentKey === 'preferred' ||
            selection.residentKey === 'discouraged'
              ? { residentKey: selection.residentKey }
              : {}),
            ...(typeof selection.requireResidentKey === 'boolean'
              ? { requireResidentKey: selection.requireResidentKey }
              : {}),
            ...(selection.userVerification === 'required' ||
            selection.userVerification === 'preferred' ||
            selection.userVerification === 'discouraged'
              ? { userVerification: selection.userVerification }
              : {}),
          },
        }
      : {}),
    ...(text(value.attestation) ? { attestation: value.attestation } : {}),
  }
}

/**
 * Whether this browser can make passkeys (WebAuthn with the JSON helpers of WebAuthn level 3).
 *
 * @example
 * if (!canUsePasskeys()) showOtherMethods()
 */
export function canUsePasskeys(): boolean {
  return (
    typeof PublicKeyCredential !== 'undefined' &&
    typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function' &&
    typeof navigator.credentials?.create === 'function'
  )
}

/**
 * Runs `navigator.credentials.create()` with the options a Satchel `.../init` route answered and gives
 * back the authenticator's answer as the browser serialises it (`toJSON()`), wrapped so the SDK sends
 * it byte for byte (it is signed data: its keys must not be snake_cased).
 *
 * @throws {UnexpectedResponseError} when the answer has no options.
 * @example
 * const response = await createPasskeyCredential(await client.request({ method: 'POST', path: '/api/v1/passkeys/register/init', body: {} }), '/api/v1/passkeys/register/init')
 */
export async function createPasskeyCredential(answer: unknown, path: string) {
  // The SDK camelCases answers; WebAuthn's option names are camelCase already, so they pass unchanged.
  const options = toCreationOptions(isRecord(answer) ? answer.options : undefined)
  if (!options) throw new UnexpectedResponseError({ path, field: 'options' })
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options)
  const credential = await navigator.credentials.create({ publicKey })
  if (!(credential instanceof PublicKeyCredential))
    throw new UnexpectedResponseError({ path: 'navigator.credentials.create', field: 'credential' })
  return verbatim(credential.toJSON())
}
