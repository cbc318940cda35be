import { describe, expect, it } from 'vitest'
import { decodeSolanaTransaction, encodeSolanaTransaction, readMessageSigners } from './solanaWireTransaction'

// A legacy message: header (2 signers, 0 read-only signed, 1 read-only unsigned), 3 keys, blockhash,
// then one instruction; built by hand so the layout under test is visible.
const key = (fill: number) => new Uint8Array(32).fill(fill)
const message = Uint8Array.from([2, 0, 1, 3, ...key(1), ...key(2), ...key(3), ...key(9), 1, 2, 2, 0, 1, 0])
const wire = Uint8Array.from([2, ...new Uint8Array(64), ...new Uint8Array(64), ...message])

describe('decodeSolanaTransaction', () => {
  it('reads the signature slots and the keys that must sign, and encodes back to the same bytes', () => {
    const decoded = decodeSolanaTransaction(wire)
    expect(decoded.signatures).toHaveLength(2)
    expect(decoded.signers).toEqual([key(1), key(2)])
    expect(decoded.message).toEqual(message)
    expect(encodeSolanaTransaction(decoded)).toEqual(wire)
  })

  it('reads a v0 message (version prefix 0x80)', () => {
    const v0 = Uint8Array.from([0x80, ...message, 0])
    expect(readMessageSigners(v0)).toEqual([key(1), key(2)])
    expect(readMessageSigners(Uint8Array.from([0x81, ...message]))).toBeUndefined()
  })

  it('refuses truncated bytes and a signature count that does not match the header', () => {
    expect(() => decodeSolanaTransaction(wire.subarray(0, 100))).toThrow('not a valid Solana transaction')
    expect(() => decodeSolanaTransaction(Uint8Array.from([1, ...new Uint8Array(64), ...message]))).toThrow(
      'not a valid Solana transaction',
    )
    expect(readMessageSigners(new TextEncoder().encode('hello'))).toBeUndefined()
  })
})
