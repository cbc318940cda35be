import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { type SealingKey, sealingKeyId } from './sealingKey'

/** Version 1 (before key rotation) carried no key id; it is still opened, never written. */
const LEGACY_VERSION = 1
const VERSION = 2
const KEY_ID_BYTES = 4
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * Encrypts `plaintext` with AES-256-GCM under a 32-byte key. The associated data binds the
 * ciphertext to its owner (a wallet or key id): a sealed blob copied onto another row fails to open.
 * Layout: version (1) | key id (4) | iv (12) | tag (16) | ciphertext. The key id names the key that
 * sealed it (see sealingKey.ts), so during a rotation each value opens with the right key and the
 * rotation finds what is left to re-seal. A key ring seals under its current key.
 *
 * @example
 * const blob = seal(kek, share, 'root_123')
 * open(kek, blob, 'root_123') // -> share
 */
export function seal(key: SealingKey, plaintext: Uint8Array, associatedData: string): Uint8Array {
  assertKey(key)
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return Buffer.concat([Buffer.of(VERSION), sealingKeyId(key), iv, cipher.getAuthTag(), body])
}

/**
 * Opens a blob made by {@link seal}, with the key of the ring (`key` or one of `key.previous`) whose
 * id it carries; a version-1 blob (no id) is tried with each. Throws if no key of the ring sealed it,
 * or if the associated data or any byte differs.
 */
export function open(key: SealingKey, sealed: Uint8Array, associatedData: string): Uint8Array {
  assertKey(key)
  const blob = Buffer.from(sealed)
  const version = blob[0]
  const headerBytes = version === VERSION ? 1 + KEY_ID_BYTES : 1
  if (blob.length < headerBytes + IV_BYTES + TAG_BYTES || (version !== VERSION && version !== LEGACY_VERSION))
    throw new Error('Sealed data is malformed')
  const ring = [key, ...(key.previous ?? [])]
  if (version === LEGACY_VERSION) {
    for (const candidate of ring.slice(0, -1)) {
      try {
        return decrypt(candidate, blob.subarray(headerBytes), associatedData)
      } catch {
        // The next key of the ring may be the one.
      }
    }
    return decrypt(ring.at(-1) ?? key, blob.subarray(headerBytes), associatedData)
  }
  const id = blob.subarray(1, headerBytes)
  const match = ring.find((candidate) => sealingKeyId(candidate).equals(id))
  if (!match)
    throw new Error(`Sealed data was sealed under key ${id.toString('hex')}, which this server does not hold`)
  return decrypt(match, blob.subarray(headerBytes), associatedData)
}

/**
 * The id of the key that sealed `sealed` (8 hex characters), or undefined for a version-1 blob,
 * which does not say.
 */
export function sealedKeyId(sealed: Uint8Array): string | undefined {
  return sealed[0] === VERSION ? Buffer.from(sealed.subarray(1, 1 + KEY_ID_BYTES)).toString('hex') : undefined
}

function decrypt(key: Uint8Array, rest: Buffer, associatedData: string): Buffer {
  assertKey(key)
  const iv = rest.subarray(0, IV_BYTES)
  const tag = rest.subarray(IV_BYTES, IV_BYTES + TAG_BYTES)
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(Buffer.from(associatedData, 'utf8'))
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(rest.subarray(IV_BYTES + TAG_BYTES)), decipher.final()])
}

function assertKey(key: Uint8Array): void {
  if (key.length !== 32) throw new Error('Sealing key must be 32 bytes')
}
