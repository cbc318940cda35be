import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { describe, expect, it } from 'vitest'
import { getEd25519PublicKey, signEd25519 } from './signEd25519'

describe('signEd25519', () => {
  it('gives the RFC 8032 signature, the same bytes as @noble/curves', () => {
    const key = randomBytes(32)
    const message = randomBytes(100)
    const publicKey = getEd25519PublicKey(key)
    const signature = signEd25519(message, key, publicKey)
    expect(signature).toHaveLength(64)
    expect(signature).toEqual(ed25519.sign(message, key))
    expect(ed25519.verify(signature, message, publicKey)).toBe(true)
  })

  it('signs with the private key even if handed a wrong public key', () => {
    const key = randomBytes(32)
    const message = randomBytes(10)
    const signature = signEd25519(message, key, randomBytes(32))
    expect(ed25519.verify(signature, message, getEd25519PublicKey(key))).toBe(true)
  })
})
