import { createHash, createHmac, randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto'

/** An unguessable opaque token (refresh tokens, app secrets, guest credentials). */
export function createRandomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

// Ids draw their random bytes from a pool filled 4 KiB at a time, as Node's randomUUID does: one call
// into the CSPRNG per 256 ids instead of one per id (about 10 µs each, a few per login). Each byte is
// used once. Ids are names, not secrets: tokens and keys still take their bytes fresh.
const idPool = Buffer.alloc(4096)
let idPoolAt = idPool.length

/** A prefixed id such as `usr_4f3kq...`: 16 random bytes, so ids cannot be enumerated. */
export function createId(prefix: string): string {
  if (idPoolAt + 16 > idPool.length) {
    randomFillSync(idPool)
    idPoolAt = 0
  }
  const bytes = idPool.subarray(idPoolAt, idPoolAt + 16)
  idPoolAt += 16
  return `${prefix}_${bytes.toString('base64url').replaceAll(/[-_]/g, 'x')}`
}

/** SHA-256 of a high-entropy token: enough for storage, since such tokens cannot be brute-forced. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest()
}

/** Keyed hash for low-entropy secrets (6-digit codes): without the server key a dump cannot be brute-forced. */
export function hashSecret(key: Uint8Array, ...parts: string[]): Buffer {
  const mac = createHmac('sha256', key)
  for (const part of parts) mac.update(`${part.length}:${part}`)
  return mac.digest()
}

/** Constant-time comparison of two secrets of any length (hashes first, so the length does not leak). */
export function secretsEqual(a: Uint8Array | string, b: Uint8Array | string): boolean {
  const digest = (v: Uint8Array | string) => createHash('sha256').update(v).digest()
  return timingSafeEqual(digest(a), digest(b))
}
