import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * Encrypts `plaintext` with AES-256-GCM under a 32-byte key. The associated data binds the
 * ciphertext to its owner (a wallet or key id): a sealed blob copied onto another row fails to open.
 * Layout: version (1) | iv (12) | tag (16) | ciphertext.
 *
 * @example
 * const blob = seal(kek, share, 'root_123')
 * open(kek, blob, 'root_123') // -> share
 */
export function seal(key: Uint8Array, plaintext: Uint8Array, associatedData: string): Uint8Array {
  assertKey(key)
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body])
}

/** Opens a blob made by {@link seal}; throws if the key, the associated data or any byte differs. */
export function open(key: Uint8Array, sealed: Uint8Array, associatedData: string): Uint8Array {
  assertKey(key)
  const blob = Buffer.from(sealed)
  if (blob.length < 1 + IV_BYTES + TAG_BYTES || blob[0] !== VERSION)
    throw new Error('Sealed data is malformed')
  const iv = blob.subarray(1, 1 + IV_BYTES)
  const tag = blob.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES)
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(Buffer.from(associatedData, 'utf8'))
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(blob.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()])
}

function assertKey(key: Uint8Array): void {
  if (key.length !== 32) throw new Error('Sealing key must be 32 bytes')
}
