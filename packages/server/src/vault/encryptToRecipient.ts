import { CompactEncrypt, importJWK } from 'jose'
import type { RecipientPublicJwk } from './types'
import { VaultError } from './VaultError'

export type RecipientKey = Awaited<ReturnType<typeof importJWK>>

/**
 * Imports the P-256 public JWK that the client created for one export (the point is checked to be
 * on the curve). Anything else, including a JWK carrying its private half, is `invalid_recipient_key`.
 *
 * @example
 * const key = await importRecipientKey({ kty: 'EC', crv: 'P-256', x, y })
 */
export async function importRecipientKey(recipientPublicKey: RecipientPublicJwk): Promise<RecipientKey> {
  const jwk: unknown = recipientPublicKey
  if (
    typeof jwk !== 'object' ||
    jwk === null ||
    !('kty' in jwk && jwk.kty === 'EC') ||
    !('crv' in jwk && jwk.crv === 'P-256') ||
    !('x' in jwk && typeof jwk.x === 'string') ||
    !('y' in jwk && typeof jwk.y === 'string') ||
    // A private JWK here means the client sent the wrong half; refusing it keeps that key off the wire.
    'd' in jwk
  ) {
    throw new VaultError('invalid_recipient_key')
  }
  try {
    return await importJWK({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, 'ECDH-ES')
  } catch {
    throw new VaultError('invalid_recipient_key')
  }
}

/**
 * Encrypts `plaintext` as a compact JWE (ECDH-ES key agreement, A256GCM content encryption) to the
 * recipient's key: only the holder of the matching private key (the user's browser) can read it,
 * and the server relays ciphertext only.
 *
 * @example
 * const ciphertext = await encryptToRecipient(new TextEncoder().encode(mnemonic), key)
 */
export async function encryptToRecipient(plaintext: Uint8Array, key: RecipientKey): Promise<string> {
  return new CompactEncrypt(plaintext).setProtectedHeader({ alg: 'ECDH-ES', enc: 'A256GCM' }).encrypt(key)
}
