import { describe, expect, it } from 'vitest'
import { formatAddress } from './formatAddress'

describe('formatAddress', () => {
  it('shows the first 5 and last 4 characters of an EVM address', () => {
    expect(formatAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe('0xd8d...6045')
  })

  it('shortens a Solana address the same way', () => {
    expect(formatAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe('7EcDh...FLtV')
  })

  it('returns a string that would not get shorter as it is', () => {
    expect(formatAddress('0xd8dA6BF2')).toBe('0xd8dA6BF2')
    expect(formatAddress('0xd8dA6BF260')).toBe('0xd8dA6BF260')
    expect(formatAddress('')).toBe('')
  })

  it('shortens from 13 characters on', () => {
    expect(formatAddress('0xd8dA6BF2604')).toBe('0xd8d...2604')
  })
})
