import { createCipheriv, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { open, seal, sealedKeyId } from './seal'
import { createSealingKey, sealingKeyId } from './sealingKey'

describe('seal', () => {
  const key = randomBytes(32)
  const secret = new TextEncoder().encode('auth share bytes')

  it('opens what it sealed with the same key and owner', () => {
    expect(Buffer.from(open(key, seal(key, secret, 'w1'), 'w1')).toString()).toBe('auth share bytes')
  })

  it('never writes the plaintext into the blob', () => {
    expect(Buffer.from(seal(key, secret, 'w1')).includes(Buffer.from(secret))).toBe(false)
  })

  it('refuses another owner, another key, or a flipped byte', () => {
    const blob = seal(key, secret, 'w1')
    expect(() => open(key, blob, 'w2')).toThrow()
    expect(() => open(randomBytes(32), blob, 'w1')).toThrow()
    const tampered = Uint8Array.from(blob)
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1
    expect(() => open(key, tampered, 'w1')).toThrow()
  })

  it('refuses keys of the wrong size', () => {
    expect(() => seal(randomBytes(16), secret, 'w1')).toThrow('Sealing key must be 32 bytes')
  })

  it('names the key that sealed a value; a ring opens under its previous key and seals under its new one', () => {
    const previous = randomBytes(32)
    const current = randomBytes(32)
    const old = seal(previous, secret, 'w1')
    expect(sealedKeyId(old)).toBe(sealingKeyId(previous).toString('hex'))
    const ring = createSealingKey(current, [previous])
    expect(Buffer.from(open(ring, old, 'w1')).toString()).toBe('auth share bytes')
    expect(sealedKeyId(seal(ring, secret, 'w1'))).toBe(sealingKeyId(current).toString('hex'))
    expect(() => open(current, old, 'w1')).toThrow(
      `Sealed data was sealed under key ${sealingKeyId(previous).toString('hex')}, which this server does not hold`,
    )
  })

  it('still opens a version-1 value (no key id) with either key of the ring', () => {
    const previous = randomBytes(32)
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', previous, iv).setAAD(Buffer.from('w1'))
    const body = Buffer.concat([cipher.update(secret), cipher.final()])
    const legacy = Buffer.concat([Buffer.of(1), iv, cipher.getAuthTag(), body])
    expect(sealedKeyId(legacy)).toBeUndefined()
    const ring = createSealingKey(randomBytes(32), [previous])
    expect(Buffer.from(open(ring, legacy, 'w1')).toString()).toBe('auth share bytes')
    expect(() => open(randomBytes(32), legacy, 'w1')).toThrow()
  })
})
