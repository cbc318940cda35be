import { describe, expect, it } from 'vitest'
import { decodeUint256, encodeBalanceOf, encodeTransfer, toAddressTopic, topicToAddress } from './erc20'

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('ERC-20 encoding (what the wallet sends to the USDC contract)', () => {
  it('encodes transfer(to, amount) exactly as the ABI does: selector, padded address, padded amount', () => {
    expect(encodeTransfer(alice, 1_500_000n)).toBe(
      '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8000000000000000000000000000000000000000000000000000000000016e360',
    )
    expect(() => encodeTransfer(alice, -1n)).toThrow('amount must not be negative')
  })

  it('reads balances and the addresses of Transfer logs back', () => {
    expect(encodeBalanceOf(alice)).toBe(
      '0x70a0823100000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8',
    )
    expect(decodeUint256('0x00000000000000000000000000000000000000000000000000000000000f4240')).toBe(
      1_000_000n,
    )
    expect(decodeUint256('0x')).toBe(0n)
    expect(topicToAddress(toAddressTopic(alice))).toBe(alice.toLowerCase())
  })
})
