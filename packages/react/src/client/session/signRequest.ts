import { canonicalize } from './canonicalize'

/** How long a signed wallet request stays valid. Short: the signature is a bearer of intent. */
export const REQUEST_EXPIRY_MS = 2 * 60_000

export type SignRequestParameters = {
  privateKey: CryptoKey
  appId: string
  method: string
  /** The full request URL, exactly as fetched. */
  url: string
  /** The JSON body exactly as sent (already snake_cased). */
  body: unknown
  /** Unix milliseconds after which the server refuses the request. */
  expiry: number
  idempotencyKey?: string | undefined
}

/** The headers a signed wallet request carries. */
export type SignedRequestHeaders = {
  'satchel-authorization-signature': string
  'satchel-request-expiry': string
  'satchel-idempotency-key'?: string
}

/**
 * The payload that is signed: what the server rebuilds from the request it receives. Header values are
 * the strings sent on the wire, so `satchel-request-expiry` is the decimal string of unix ms.
 *
 * @example
 * getSignaturePayload({ appId: 'app_1', method: 'POST', url, body, expiry: 1700000000000 })
 */
export function getSignaturePayload({
  appId,
  method,
  url,
  body,
  expiry,
  idempotencyKey,
}: Omit<SignRequestParameters, 'privateKey'>) {
  return {
    version: 1,
    method,
    url,
    // A request without a body is signed with `null`, as the server rebuilds it.
    body: body ?? null,
    headers: {
      'satchel-app-id': appId,
      'satchel-request-expiry': String(expiry),
      ...(idempotencyKey === undefined ? {} : { 'satchel-idempotency-key': idempotencyKey }),
    },
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * The `satchel-authorization-signature` of a wallet request: ECDSA P-256 with SHA-256 over the RFC 8785
 * canonical JSON of {@link getSignaturePayload}, as base64 of the raw 64-byte `r || s` (WebCrypto's
 * own format). A stolen access token alone cannot produce it: the key never leaves the browser.
 *
 * @example
 * const headers = await signRequest({ privateKey, appId, method: 'POST', url, body, expiry: Date.now() + 60_000 })
 */
export async function signRequest(parameters: SignRequestParameters): Promise<SignedRequestHeaders> {
  const payload = new TextEncoder().encode(canonicalize(getSignaturePayload(parameters)))
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    parameters.privateKey,
    payload,
  )
  return {
    'satchel-authorization-signature': toBase64(new Uint8Array(signature)),
    'satchel-request-expiry': String(parameters.expiry),
    ...(parameters.idempotencyKey === undefined
      ? {}
      : { 'satchel-idempotency-key': parameters.idempotencyKey }),
  }
}
