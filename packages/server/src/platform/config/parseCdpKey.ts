import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'

/** A CDP secret API key, ready to sign: ES256 for an EC (P-256) key, EdDSA for an Ed25519 key. */
export type CdpKey = { keyId: string; algorithm: 'ES256' | 'EdDSA'; privateKey: KeyObject }

/** The key could not be read. The message says which formats are accepted and never repeats the key. */
export class InvalidCdpKeyError extends Error {
  override name = 'InvalidCdpKeyError'
  constructor() {
    super(
      'must be a PEM EC (P-256) or Ed25519 private key, or a base64 Ed25519 secret (32 or 64 bytes) as the CDP portal gives it',
    )
  }
}

// PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): this prefix, then the 32 seed bytes.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/**
 * Reads the CDP secret key the way the CDP portal hands it out: an EC key in PEM (SEC1 or PKCS#8;
 * `\n` escapes from an env file are accepted), or an Ed25519 secret as base64 of 64 bytes (seed then
 * public key) or of the 32-byte seed alone.
 *
 * @throws {InvalidCdpKeyError} for anything else, including a 64-byte secret whose public half does
 * not match its seed (a truncated or mixed-up copy).
 * @example
 * const key = parseCdpKey('organizations/o/apiKeys/k', process.env.COINBASE_CDP_PRIVATE_KEY ?? '')
 * key.algorithm // 'ES256'
 */
export function parseCdpKey(keyId: string, secret: string): CdpKey {
  const text = secret.trim()
  if (text.includes('-----BEGIN')) {
    let privateKey: KeyObject
    try {
      privateKey = createPrivateKey(text.replaceAll('\\n', '\n'))
    } catch {
      throw new InvalidCdpKeyError()
    }
    if (privateKey.asymmetricKeyType === 'ec' && privateKey.asymmetricKeyDetails?.namedCurve === 'prime256v1')
      return { keyId, algorithm: 'ES256', privateKey }
    if (privateKey.asymmetricKeyType === 'ed25519') return { keyId, algorithm: 'EdDSA', privateKey }
    throw new InvalidCdpKeyError()
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) throw new InvalidCdpKeyError()
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length !== 32 && bytes.length !== 64) throw new InvalidCdpKeyError()
  const seed = bytes.subarray(0, 32)
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  })
  if (bytes.length === 64) {
    const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32)
    if (!publicKey.equals(bytes.subarray(32))) throw new InvalidCdpKeyError()
  }
  return { keyId, algorithm: 'EdDSA', privateKey }
}
