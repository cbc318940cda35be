import type { SignerPublicKey } from '@satchel/react'
import { isRecord } from '../../shared/isRecord'

const BASE64URL_32_BYTES = /^[A-Za-z0-9_-]{43}$/

/**
 * Reads an app server's P-256 public key pasted as a JWK (`{"kty":"EC","crv":"P-256","x":…,"y":…}`),
 * keeping only the public members. Answers a message in words when it is not one: a private key
 * (`d`) pasted by mistake is refused, so it is never sent anywhere.
 *
 * @example
 * parseSignerKey('{"kty":"EC","crv":"P-256","x":"…","y":"…"}') // { key: { kty: 'EC', crv: 'P-256', x, y } }
 */
export function parseSignerKey(text: string): { key: SignerPublicKey } | { error: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { error: 'Paste the key as JSON (a JWK), for example {"kty":"EC","crv":"P-256","x":"…","y":"…"}.' }
  }
  if (!isRecord(value)) return { error: 'The key must be a JSON object (a JWK).' }
  const { kty, crv, x, y, d } = value
  if (d !== undefined)
    return { error: 'This is a private key. Ask the app for its public key; never share a private key.' }
  if (kty !== 'EC' || crv !== 'P-256')
    return { error: 'The key must be a P-256 key (kty "EC", crv "P-256").' }
  if (
    typeof x !== 'string' ||
    typeof y !== 'string' ||
    !BASE64URL_32_BYTES.test(x) ||
    !BASE64URL_32_BYTES.test(y)
  )
    return { error: 'The key’s x and y must each be 32 bytes in base64url.' }
  return { key: { kty, crv, x, y } }
}
