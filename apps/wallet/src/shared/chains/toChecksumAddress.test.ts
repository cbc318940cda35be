import { describe, expect, it } from 'vitest'
import { toChecksumAddress } from './toChecksumAddress'

describe('toChecksumAddress (activity shows addresses as the sender typed them)', () => {
  it('writes a lower-case address in its checksummed form and leaves a non-address alone', () => {
    expect(toChecksumAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    )
    expect(toChecksumAddress('not an address')).toBe('not an address')
  })
})
