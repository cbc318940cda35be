import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { open, seal } from './seal'

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
})
