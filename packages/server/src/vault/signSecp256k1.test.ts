import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { secp256k1 } from '@noble/curves/secp256k1'
import { bytesToBigInt } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  createSecp256k1Backend,
  type NativeSecp256k1,
  secp256k1Backend,
  signSecp256k1,
} from './signSecp256k1'

const binding: NativeSecp256k1 = createRequire(import.meta.url)('secp256k1/bindings')
const native = createSecp256k1Backend(binding)
const noble = createSecp256k1Backend()
const n = secp256k1.CURVE.n

describe('secp256k1 backends', () => {
  it('uses the native libsecp256k1 binding on this machine', () => {
    expect(secp256k1Backend).toBe('native')
    expect(signSecp256k1(randomBytes(32), secp256k1.utils.randomPrivateKey()).signature).toHaveLength(64)
  })

  it('sign byte for byte alike (RFC 6979, low-S), so the pure-JS fallback changes no signature', () => {
    for (let i = 0; i < 50; i++) {
      const key = secp256k1.utils.randomPrivateKey()
      const digest = randomBytes(32)
      const fromNative = native.sign(digest, key)
      expect(fromNative).toEqual(noble.sign(digest, key))
      expect(bytesToBigInt(fromNative.signature.subarray(32))).toBeLessThanOrEqual(n / 2n)
    }
  })

  it('compute the same public keys and BIP-32 key sums, leaving the parent key untouched', () => {
    const key = secp256k1.utils.randomPrivateKey()
    const copy = Uint8Array.from(key)
    const tweak = secp256k1.utils.randomPrivateKey()
    for (const compressed of [true, false]) {
      expect(native.getPublicKey(key, compressed)).toEqual(noble.getPublicKey(key, compressed))
    }
    const sum = (bytesToBigInt(key) + bytesToBigInt(tweak)) % n
    expect(bytesToBigInt(native.addPrivateKeys(key, tweak))).toBe(sum)
    expect(bytesToBigInt(noble.addPrivateKeys(key, tweak))).toBe(sum)
    expect(key).toEqual(copy)
  })

  it('refuse a tweak that is not below the curve order', () => {
    const key = secp256k1.utils.randomPrivateKey()
    const tooBig = new Uint8Array(32).fill(0xff)
    expect(() => native.addPrivateKeys(key, tooBig)).toThrow()
    expect(() => noble.addPrivateKeys(key, tooBig)).toThrow('Invalid BIP-32 child key')
  })
})
