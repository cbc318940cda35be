import { describe, expect, it } from 'vitest'
import { encodeBase58 } from './base58'

describe('encodeBase58', () => {
  it('encodes the Bitcoin alphabet vectors', () => {
    expect(encodeBase58(new Uint8Array())).toBe('')
    expect(encodeBase58(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U')
    expect(encodeBase58(Uint8Array.of(0, 0, 0x28, 0x7f, 0xb4, 0xcd))).toBe('11233QC4')
  })

  it('encodes the 32 zero bytes of the Solana system program as 32 ones', () => {
    expect(encodeBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111')
  })
})
