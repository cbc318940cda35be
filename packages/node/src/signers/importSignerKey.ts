import { ApiError } from '@satchel/core/errors'
import { z } from 'zod'

const privateJwkSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().min(1),
  y: z.string().min(1),
  d: z.string().min(1),
})

// A backend signs many requests with one key; importing it costs more than signing with it.
const imported = new WeakMap<object, Promise<CryptoKey>>()

/**
 * The Web Crypto signing key of a delegated signer's private JWK (as {@link createSignerKey} made it,
 * or read back from a secret store), imported once per key object.
 *
 * @throws {ApiError} `invalid_data` when the value is not a P-256 private JWK (the message never
 * repeats it).
 * @example
 * const key = await importSignerKey(JSON.parse(process.env.SATCHEL_SIGNER_KEY ?? '{}'))
 */
export function importSignerKey(privateKey: unknown): Promise<CryptoKey> {
  const parsed = privateJwkSchema.safeParse(privateKey)
  if (!parsed.success || typeof privateKey !== 'object' || privateKey === null)
    return Promise.reject(
      new ApiError('invalid_data', { message: 'The signer key is not a P-256 private key (a JWK with d)' }),
    )
  let key = imported.get(privateKey)
  if (!key) {
    key = crypto.subtle.importKey('jwk', parsed.data, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
    imported.set(privateKey, key)
  }
  return key
}
