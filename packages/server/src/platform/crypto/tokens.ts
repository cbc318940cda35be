import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** An unguessable opaque token (refresh tokens, app secrets, guest credentials). */
export function createRandomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** A prefixed id such as `usr_4f3kq...`: 16 random bytes, so ids cannot be enumerated. */
export function createId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url').replaceAll(/[-_]/g, 'x')}`
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
