import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { z } from 'zod'

// The authenticator's answer is the browser's `PublicKeyCredential.toJSON()` (W3C names, camelCase),
// which is what @simplewebauthn/browser and the Satchel SDK send, byte for byte. Clients that mirror
// the incumbent API send the same fields snake_cased (`raw_id`, `client_data_json`, ...): both are
// read, since only the values are signed, never the key names.

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url')
/** A credential id is at most 1023 bytes (WebAuthn L3); stored and compared without padding. */
const credentialIdSchema = base64url(1368)
const transports = ['ble', 'hybrid', 'internal', 'nfc', 'usb'] as const
const transportsSchema = z
  .array(z.string().max(32))
  .max(8)
  .transform((list) =>
    list.filter((t): t is AuthenticatorTransport => (transports as readonly string[]).includes(t)),
  )
const attachmentSchema = z.enum(['platform', 'cross-platform'])

const credentialFields = {
  id: credentialIdSchema,
  rawId: credentialIdSchema.optional(),
  raw_id: credentialIdSchema.optional(),
  type: z.literal('public-key'),
  authenticatorAttachment: attachmentSchema.optional(),
  authenticator_attachment: attachmentSchema.optional(),
  // Extension outputs are the browser's, not signed by the authenticator: accepted and not relied on.
  clientExtensionResults: z.looseObject({}).optional(),
  client_extension_results: z.looseObject({}).optional(),
}

type Context = { addIssue(issue: { code: 'custom'; message: string }): void }

function required<T>(value: T | undefined, name: string, context: Context): value is T {
  if (value !== undefined) return true
  context.addIssue({ code: 'custom', message: `authenticator_response.${name} is required` })
  return false
}

/** The answer of `navigator.credentials.create()`: a new credential and its attestation. */
export const registrationResponseSchema = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(8192).optional(),
      client_data_json: base64url(8192).optional(),
      attestationObject: base64url(65536).optional(),
      attestation_object: base64url(65536).optional(),
      transports: transportsSchema.optional(),
    }),
  })
  .transform((r, context): RegistrationResponseJSON => {
    const rawId = r.rawId ?? r.raw_id
    const clientDataJSON = r.response.clientDataJSON ?? r.response.client_data_json
    const attestationObject = r.response.attestationObject ?? r.response.attestation_object
    if (
      !required(rawId, 'rawId', context) ||
      !required(clientDataJSON, 'response.clientDataJSON', context) ||
      !required(attestationObject, 'response.attestationObject', context)
    )
      return z.NEVER
    const attachment = r.authenticatorAttachment ?? r.authenticator_attachment
    return {
      id: r.id,
      rawId,
      type: r.type,
      response: {
        clientDataJSON,
        attestationObject,
        ...(r.response.transports ? { transports: r.response.transports } : {}),
      },
      clientExtensionResults: {},
      ...(attachment ? { authenticatorAttachment: attachment } : {}),
    }
  })

/** The answer of `navigator.credentials.get()`: an assertion signed by an existing credential. */
export const authenticationResponseSchema = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(8192).optional(),
      client_data_json: base64url(8192).optional(),
      authenticatorData: base64url(8192).optional(),
      authenticator_data: base64url(8192).optional(),
      signature: base64url(2048).optional(),
      userHandle: base64url(128).nullish(),
      user_handle: base64url(128).nullish(),
    }),
  })
  .transform((r, context): AuthenticationResponseJSON => {
    const rawId = r.rawId ?? r.raw_id
    const clientDataJSON = r.response.clientDataJSON ?? r.response.client_data_json
    const authenticatorData = r.response.authenticatorData ?? r.response.authenticator_data
    const signature = r.response.signature
    if (
      !required(rawId, 'rawId', context) ||
      !required(clientDataJSON, 'response.clientDataJSON', context) ||
      !required(authenticatorData, 'response.authenticatorData', context) ||
      !required(signature, 'response.signature', context)
    )
      return z.NEVER
    const userHandle = r.response.userHandle ?? r.response.user_handle
    const attachment = r.authenticatorAttachment ?? r.authenticator_attachment
    return {
      id: r.id,
      rawId,
      type: r.type,
      response: { clientDataJSON, authenticatorData, signature, ...(userHandle ? { userHandle } : {}) },
      clientExtensionResults: {},
      ...(attachment ? { authenticatorAttachment: attachment } : {}),
    }
  })

/** A credential id as the API names it (`credential_id`): base64url without padding. */
export const credentialIdParameterSchema = credentialIdSchema.transform((id) => id.replace(/=+$/, ''))

const descriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
})
// Every field the options can carry is listed: the answer is serialised through these schemas, which
// drop what they do not name.
const extensionsSchema = z.object({ credProps: z.boolean().optional(), appid: z.string().optional() })
const hintsSchema = z.array(z.string())

/**
 * Options for `navigator.credentials.create()`, in the W3C JSON form
 * (`PublicKeyCredential.parseCreationOptionsFromJSON`, `@simplewebauthn/browser`'s `startRegistration`).
 */
export const creationOptionsAnswerSchema = z.object({
  options: z.object({
    challenge: z.string(),
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(descriptorSchema).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    hints: hintsSchema.optional(),
    attestation: z.string().optional(),
    extensions: extensionsSchema.optional(),
  }),
  /** The rpID: the hostname of the page that asked. */
  relying_party: z.string(),
  /** When the challenge stops being accepted (ISO 8601). */
  expires_at: z.string(),
})

/** Options for `navigator.credentials.get()`, in the W3C JSON form (`startAuthentication`). */
export const requestOptionsAnswerSchema = z.object({
  options: z.object({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    allowCredentials: z.array(descriptorSchema).optional(),
    userVerification: z.string().optional(),
    hints: hintsSchema.optional(),
    extensions: extensionsSchema.optional(),
  }),
  relying_party: z.string(),
  expires_at: z.string(),
})
