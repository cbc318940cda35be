import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { UnexpectedResponseError } from '../../errors/errors'
import { verbatim } from '../http/convertCase'
import { isRecord } from '../parse'

const text = (value: unknown): value is string => typeof value === 'string'
const oneOf = <value extends string>(found: unknown, allowed: readonly value[]): found is value =>
  allowed.some((candidate) => candidate === found)
const preferences = ['required', 'preferred', 'discouraged'] as const

/**
 * The creation options of a Satchel `.../init` answer in WebAuthn's JSON form, checked field by field
 * (they come from the network). The SDK camelCases answers; WebAuthn's option names are camelCase
 * already, so they pass unchanged.
 */
function toCreationOptions(answer: unknown, path: string): PublicKeyCredentialCreationOptionsJSON {
  const value = isRecord(answer) ? answer.options : undefined
  const fail = (field: string) => new UnexpectedResponseError({ path, field: `options.${field}` })
  if (!isRecord(value) || !text(value.challenge)) throw fail('challenge')
  const { rp, user, authenticatorSelection: selection } = value
  if (!isRecord(rp) || !text(rp.name)) throw fail('rp')
  if (!isRecord(user) || !text(user.id) || !text(user.name) || !text(user.displayName)) throw fail('user')
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
            ...(oneOf(selection.residentKey, preferences) ? { residentKey: selection.residentKey } : {}),
            ...(typeof selection.requireResidentKey === 'boolean'
              ? { requireResidentKey: selection.requireResidentKey }
              : {}),
            ...(oneOf(selection.userVerification, preferences)
              ? { userVerification: selection.userVerification }
              : {}),
            ...(oneOf(selection.authenticatorAttachment, ['platform', 'cross-platform'] as const)
              ? { authenticatorAttachment: selection.authenticatorAttachment }
              : {}),
          },
        }
      : {}),
    ...(oneOf(value.attestation, ['none', 'indirect', 'direct', 'enterprise'] as const)
      ? { attestation: value.attestation }
      : {}),
  }
}

/**
 * Makes a new passkey with the options a Satchel `.../init` route answered (`register/init`,
 * `link/init`) and gives back the authenticator's answer, wrapped so the SDK sends it byte for byte
 * (it is signed data: its keys must not be snake_cased). The WebAuthn helpers load only now, in the
 * same chunk `loginWithPasskey` uses.
 *
 * @throws {UnexpectedResponseError} when the answer has no usable options.
 * @example
 * const authenticatorResponse = await createPasskey(await client.request({ method: 'POST', path, body: {} }), path)
 */
export async function createPasskey(answer: unknown, path: string) {
  const optionsJSON = toCreationOptions(answer, path)
  const { startRegistration } = await import('@simplewebauthn/browser')
  return verbatim(await startRegistration({ optionsJSON }))
}
