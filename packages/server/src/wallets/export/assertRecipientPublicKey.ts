import { ApiError } from '@satchel/core'

/** A P-256 public key as a JWK: what the vault encrypts an export to. */
export type RecipientPublicKey = { kty: 'EC'; crv: 'P-256'; x: string; y: string }

const coordinate = /^[A-Za-z0-9_-]{43}$/

/**
 * Checks the key an export is encrypted to: a P-256 public JWK made by the client for this export.
 * A JWK that carries its private part (`d`) is refused outright: a client that sends it has put the
 * one secret that opens the export on the wire, next to the ciphertext.
 *
 * @throws {ApiError} `invalid_data`, saying what is wrong with the key.
 * @example
 * assertRecipientPublicKey({ kty: 'EC', crv: 'P-256', x, y }) // { kty: 'EC', crv: 'P-256', x, y }
 */
export function assertRecipientPublicKey(jwk: Record<string, unknown>): RecipientPublicKey {
  if ('d' in jwk)
    throw new ApiError('invalid_data', {
      message: 'recipient_public_key must be a public key: this one carries its private part (d)',
    })
  const { kty, crv, x, y } = jwk
  if (
    kty !== 'EC' ||
    crv !== 'P-256' ||
    typeof x !== 'string' ||
    typeof y !== 'string' ||
    !coordinate.test(x) ||
    !coordinate.test(y)
  )
    throw new ApiError('invalid_data', {
      message: 'recipient_public_key must be a P-256 public JWK {kty: EC, crv: P-256, x, y}',
    })
  return { kty, crv, x, y }
}
