import { createRequire } from 'node:module'
import { secp256k1 } from '@noble/curves/secp256k1'
import { bytesToBigInt, numberToBytes } from 'viem'

/** The part of the `secp256k1` npm package's native binding the vault uses. */
export type NativeSecp256k1 = {
  ecdsaSign(digest: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number }
  publicKeyCreate(privateKey: Uint8Array, compressed?: boolean): Uint8Array
  privateKeyTweakAdd(privateKey: Uint8Array, tweak: Uint8Array): Uint8Array
}

export type Secp256k1Signature = {
  /** `r || s`, 64 bytes, low-S (both backends normalise s, as Ethereum requires). */
  signature: Uint8Array
  /** The recovery id, 0 or 1. */
  recovery: number
}

export type Secp256k1Backend = {
  name: 'native' | 'noble'
  sign(digest: Uint8Array, privateKey: Uint8Array): Secp256k1Signature
  getPublicKey(privateKey: Uint8Array, compressed: boolean): Uint8Array
  addPrivateKeys(privateKey: Uint8Array, tweak: Uint8Array): Uint8Array
}

/**
 * The secp256k1 operations over the native libsecp256k1 binding when given one, over
 * `@noble/curves` otherwise. Both give the same bytes (RFC 6979 nonces, low-S signatures).
 *
 * @example
 * createSecp256k1Backend().sign(digest, privateKey) // the pure-JS backend
 */
export function createSecp256k1Backend(native?: NativeSecp256k1): Secp256k1Backend {
  if (native) {
    return {
      name: 'native',
      sign(digest, privateKey) {
        const { signature, recid } = native.ecdsaSign(digest, privateKey)
        return { signature, recovery: recid }
      },
      getPublicKey: (privateKey, compressed) => native.publicKeyCreate(privateKey, compressed),
      // The binding adds in place: work on a copy so that the parent key stays as it was.
      addPrivateKeys: (privateKey, tweak) => native.privateKeyTweakAdd(Uint8Array.from(privateKey), tweak),
    }
  }
  return {
    name: 'noble',
    sign(digest, privateKey) {
      const signature = secp256k1.sign(digest, privateKey)
      return { signature: signature.toCompactRawBytes(), recovery: signature.recovery }
    },
    getPublicKey: (privateKey, compressed) => secp256k1.getPublicKey(privateKey, compressed),
    addPrivateKeys(privateKey, tweak) {
      const n = secp256k1.CURVE.n
      const t = bytesToBigInt(tweak)
      const sum = (bytesToBigInt(privateKey) + t) % n
      // BIP-32 declares these children invalid (odds about 2^-127); the binding throws for them too.
      if (t >= n || sum === 0n) throw new Error('Invalid BIP-32 child key')
      return numberToBytes(sum, { size: 32 })
    },
  }
}

/**
 * The native binding signs about 7-12x faster than the pure-JS curve on this machine
 * (bench/signing/README.md). The `secp256k1` package's entry point silently falls back to
 * `elliptic` (slower still) when the binding does not load, so the binding is required directly and
 * the fallback is `@noble/curves`.
 */
const backend = createSecp256k1Backend(loadNative())

/** Which implementation this process uses for secp256k1. */
export const secp256k1Backend = backend.name

/**
 * ECDSA over secp256k1 of a 32-byte digest, deterministic (RFC 6979), with the recovery id.
 *
 * @example
 * const { signature, recovery } = signSecp256k1(hashMessage('hi', 'bytes'), privateKey)
 */
export function signSecp256k1(digest: Uint8Array, privateKey: Uint8Array): Secp256k1Signature {
  return backend.sign(digest, privateKey)
}

/** The public key of a private key: 33 bytes compressed, or 65 bytes (`04 || x || y`). */
export function getSecp256k1PublicKey(privateKey: Uint8Array, compressed: boolean): Uint8Array {
  return backend.getPublicKey(privateKey, compressed)
}

/** `(privateKey + tweak) mod n` as a new 32-byte key (BIP-32 child derivation); throws if invalid. */
export function addSecp256k1PrivateKeys(privateKey: Uint8Array, tweak: Uint8Array): Uint8Array {
  return backend.addPrivateKeys(privateKey, tweak)
}

function loadNative(): NativeSecp256k1 | undefined {
  try {
    const binding: NativeSecp256k1 = createRequire(import.meta.url)('secp256k1/bindings')
    return binding
  } catch {
    return undefined
  }
}
