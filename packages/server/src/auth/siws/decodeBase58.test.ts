import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { decodeBase58 } from './decodeBase58'

describe('decodeBase58', () => {
  it('decodes the Bitcoin alphabet vectors', () => {
    expect(Buffer.from(decodeBase58('2NEpo7TZRRrLZSi2U') ?? []).toString()).toBe('Hello World!')
    expect(decodeBase58('11233QC4')).toEqual(Uint8Array.of(0, 0, 0x28, 0x7f, 0xb4, 0xcd))
    expect(decodeBase58('')).toEqual(new Uint8Array())
  })

  it('decodes the Solana system program to 32 zero bytes', () => {
    expect(decodeBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32))
  })

  it('round-trips random 32- and 64-byte values with base58.encode', () => {
    for (const size of [32, 64]) {
      const bytes = crypto.getRandomValues(new Uint8Array(size))
      expect(decodeBase58(base58.encode(bytes))).toEqual(bytes)
    }
  })

  it('refuses characters outside the alphabet (0, O, I, l, +, /)', () => {
    for (const bad of ['0abc', 'Oabc', 'Iabc', 'labc', 'ab+c', 'ab/c'])
      expect(decodeBase58(bad)).toBeUndefined()
  })
})
