import canonicalize from 'canonicalize'
import { importSignerKey } from '../signers/importSignerKey'

export type SignRequestParameters = {
  /** The delegated signer's private JWK. */
  privateKey: unknown
  method: string
  /** The full URL the server sees (its public URL and the path). */
  url: string
  body: unknown
  appId: string
  /** `satchel-request-expiry`: unix milliseconds, in decimal, as the header carries it. */
  expiry: string
  idempotencyKey?: string | undefined
}

/**
 * The `satchel-authorization-signature` of a wallet request: base64 of the ECDSA P-256 signature
 * (raw r||s, as Web Crypto makes it) over the SHA-256 of the RFC 8785 canonical JSON of
 * `{version: 1, method, url, body, headers}`, the scheme the SDK signs its session-key requests with.
 * The expiry and the idempotency key are inside the signature, so neither can be changed after.
 *
 * @example
 * const signature = await signRequest({ privateKey, method: 'POST', url, body, appId, expiry })
 */
export async function signRequest(parameters: SignRequestParameters): Promise<string> {
  const payload = {
    version: 1,
    method: parameters.method,
    url: parameters.url,
    body: parameters.body ?? null,
    headers: {
      'satchel-app-id': parameters.appId,
      'satchel-request-expiry': parameters.expiry,
      ...(parameters.idempotencyKey !== undefined && {
        'satchel-idempotency-key': parameters.idempotencyKey,
      }),
    },
  }
  const json = canonicalize(payload)
  if (json === undefined) throw new Error('The request cannot be serialised for signing')
  const key = await importSignerKey(parameters.privateKey)
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    new TextEncoder().encode(json),
  )
  let binary = ''
  for (const byte of new Uint8Array(signature)) binary += String.fromCharCode(byte)
  return btoa(binary)
}
