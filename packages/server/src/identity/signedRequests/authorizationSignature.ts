import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto'
import canonicalize from 'canonicalize'

export const AUTHORIZATION_SIGNATURE_HEADER = 'satchel-authorization-signature'
export const REQUEST_EXPIRY_HEADER = 'satchel-request-expiry'
export const IDEMPOTENCY_KEY_HEADER = 'satchel-idempotency-key'

/** What the client signs: the request, bound to its app, its expiry and its idempotency key. */
export type AuthorizationPayload = {
  version: 1
  method: string
  url: string
  body: unknown
  headers: Record<string, string>
}

export type BuildAuthorizationPayloadParameters = {
  method: string
  /** The full URL the client called, with scheme, host and query string. */
  url: string
  body: unknown
  appId: string
  /** `satchel-request-expiry`, unix milliseconds, as the header carries it. */
  expiry: string
  idempotencyKey?: string | undefined
}

/**
 * The object an authorization signature covers. Header values are the strings the request carries
 * (`satchel-request-expiry` is unix milliseconds in decimal); `satchel-idempotency-key` is present
 * only when sent, so it cannot be added or changed after signing.
 *
 * @example
 * buildAuthorizationPayload({ method: 'POST', url, body, appId, expiry: String(Date.now() + 60_000) })
 */
export function buildAuthorizationPayload(
  parameters: BuildAuthorizationPayloadParameters,
): AuthorizationPayload {
  return {
    version: 1,
    method: parameters.method,
    url: parameters.url,
    body: parameters.body ?? null,
    headers: {
      'satchel-app-id': parameters.appId,
      [REQUEST_EXPIRY_HEADER]: parameters.expiry,
      ...(parameters.idempotencyKey !== undefined && { [IDEMPOTENCY_KEY_HEADER]: parameters.idempotencyKey }),
    },
  }
}

/**
 * The bytes that are signed: the RFC 8785 canonical JSON of the payload, UTF-8. Canonical form makes
 * the client's and the server's serialisation agree whatever the key order or number formatting.
 *
 * @example
 * const bytes = serializeAuthorizationPayload(payload)
 * // WebCrypto: crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, sessionKey, bytes)
 */
export function serializeAuthorizationPayload(payload: AuthorizationPayload): Uint8Array {
  const json = canonicalize(payload)
  if (json === undefined) throw new Error('The authorization payload cannot be serialised')
  return new TextEncoder().encode(json)
}

// Importing a JWK costs more than verifying with it; a session key signs many requests.
const importedKeys = new Map<string, KeyObject>()
const MAX_IMPORTED_KEYS = 10_000

/**
 * A stable name of a P-256 public key (its coordinates), for caches, replay keys and signer ids.
 *
 * @example
 * getP256KeyThumbprint({ kty: 'EC', crv: 'P-256', x, y })
 */
export function getP256KeyThumbprint(publicKey: JsonWebKey): string {
  return createHash('sha256').update(`${publicKey.crv}.${publicKey.x}.${publicKey.y}`).digest('base64url')
}

/**
 * True when `signature` (base64 of DER, or of 64-byte raw r||s as WebCrypto makes it) is an ECDSA
 * P-256 signature over SHA-256 of `data` by `publicKey`. Never throws on malformed input: any
 * malformed signature or key is simply not valid. Synchronous on purpose: the check is ~60 µs, and
 * handing it to libuv's thread pool cost more (two thread wake-ups per request) in bench/signing.
 *
 * @example
 * verifyP256Signature(sessionPublicKey, serializeAuthorizationPayload(payload), header)
 */
export function verifyP256Signature(publicKey: JsonWebKey, data: Uint8Array, signature: string): boolean {
  const input = prepareVerification(publicKey, signature)
  if (!input) return false
  try {
    return verify('sha256', data, input.key, input.bytes)
  } catch {
    return false
  }
}

function prepareVerification(publicKey: JsonWebKey, signature: string) {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(signature) || signature.length > 200) return undefined
  const bytes = Buffer.from(
    signature,
    signature.includes('-') || signature.includes('_') ? 'base64url' : 'base64',
  )
  const key = importP256Key(publicKey)
  if (!key) return undefined
  return {
    key: { key, dsaEncoding: bytes.length === 64 ? ('ieee-p1363' as const) : ('der' as const) },
    bytes,
  }
}

function importP256Key(publicKey: JsonWebKey): KeyObject | undefined {
  if (publicKey.kty !== 'EC' || publicKey.crv !== 'P-256' || !publicKey.x || !publicKey.y) return undefined
  const id = `${publicKey.x}.${publicKey.y}`
  const cached = importedKeys.get(id)
  if (cached) return cached
  let key: KeyObject
  try {
    key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: publicKey.x, y: publicKey.y }, format: 'jwk' })
  } catch {
    return undefined
  }
  if (importedKeys.size >= MAX_IMPORTED_KEYS) importedKeys.clear()
  importedKeys.set(id, key)
  return key
}
