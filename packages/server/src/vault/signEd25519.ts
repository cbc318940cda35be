import { createPrivateKey, sign } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'

/**
 * Ed25519 signature (64 bytes) with Node's OpenSSL. The key goes in as a JWK: OpenSSL 3 imports a
 * PKCS#8 DER key through its generic decoder at about 1,750 keys/s, a raw JWK at about 20,000/s,
 * which makes this about 3x the pure-JS curve per signature with the key opened for each call
 * (bench/signing/README.md). Node derives the public key from `d` and ignores `x`, so `x` cannot
 * make it sign with another key. The base64url `d` is a JS string and cannot be zeroed: it lives
 * until collected, like the bigint scalars the pure-JS curve would leave.
 *
 * @example
 * const signature = signEd25519(messageBytes, seed32, publicKey32)
 */
export function signEd25519(message: Uint8Array, privateKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  const key = createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: Buffer.from(privateKey.buffer, privateKey.byteOffset, privateKey.byteLength).toString('base64url'),
      x: Buffer.from(publicKey.buffer, publicKey.byteOffset, publicKey.byteLength).toString('base64url'),
    },
    format: 'jwk',
  })
  return new Uint8Array(sign(null, message, key))
}

/** The 32-byte Ed25519 public key of a 32-byte private seed. */
export function getEd25519PublicKey(privateKey: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(privateKey)
}
