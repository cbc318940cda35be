import { createHmac } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1'
import { addSecp256k1PrivateKeys, getSecp256k1PublicKey } from './signSecp256k1'

const HARDENED_OFFSET = 0x80000000

export type DeriveBip32Secp256k1ReturnType = { privateKey: Uint8Array; chainCode: Uint8Array }

/**
 * BIP-32 private-key derivation over secp256k1 from a BIP-39 seed, along a path such as
 * m/44'/60'/0'/0/3. Written here rather than taken from @scure/bip32 because that library also
 * computes every parent's public key and fingerprint with the pure-JS curve (about 1.9 ms per
 * account); this needs a point multiplication only at non-hardened steps and does it natively,
 * which matters for the wallet-creation rate (bench/signing/README.md).
 * The caller owns the returned buffers and should zero them after use.
 *
 * @example
 * const { privateKey } = deriveBip32Secp256k1(seed, "m/44'/60'/0'/0/0")
 */
export function deriveBip32Secp256k1(seed: Uint8Array, path: string): DeriveBip32Secp256k1ReturnType {
  const indexes = parsePath(path)
  const master = createHmac('sha512', 'Bitcoin seed').update(seed).digest()
  // BIP-32: a master key of 0 or >= n is invalid (odds about 2^-127); refuse rather than sign with it.
  if (!secp256k1.utils.isValidPrivateKey(master.subarray(0, 32))) throw new Error('Invalid BIP-32 master key')
  let key: Uint8Array = Uint8Array.from(master.subarray(0, 32))
  let chainCode: Uint8Array = Uint8Array.from(master.subarray(32))
  master.fill(0)
  for (const index of indexes) {
    const data = Buffer.alloc(37)
    if (index >= HARDENED_OFFSET)
      data.set(key, 1) // 0x00 || k_par || ser32(i)
    else data.set(getSecp256k1PublicKey(key, true)) // serP(point(k_par)) || ser32(i)
    data.writeUInt32BE(index, 33)
    const digest = createHmac('sha512', chainCode).update(data).digest()
    data.fill(0)
    const child = addSecp256k1PrivateKeys(key, digest.subarray(0, 32))
    key.fill(0)
    chainCode.fill(0)
    key = child
    chainCode = Uint8Array.from(digest.subarray(32))
    digest.fill(0)
  }
  return { privateKey: key, chainCode }
}

function parsePath(path: string): number[] {
  const segments = path.split('/')
  if (segments[0] !== 'm') throw new Error('A derivation path starts with m')
  return segments.slice(1).map((segment) => {
    const match = /^(\d+)(['h]?)$/.exec(segment)
    const value = match?.[1] === undefined ? Number.NaN : Number(match[1])
    if (!Number.isSafeInteger(value) || value >= HARDENED_OFFSET)
      throw new Error('Invalid derivation path segment')
    return match?.[2] ? value + HARDENED_OFFSET : value
  })
}
