import { isAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { LOCAL_USDC_ADDRESS } from '../constants'
import { chains } from './chains'
import { UnknownChainError } from './getChain'
import { getUsdcAddress } from './getUsdcAddress'

describe('getUsdcAddress', () => {
  test.each([
    [1, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
    [11155111, '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238'],
    [8453, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
    [84532, '0x036CbD53842c5426634e7929541eC2318f3dCF7e'],
    [10, '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'],
    [42161, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'],
    [137, '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'],
    [43114, '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E'],
    [42220, '0xcebA9300f2b948710d2653dD7B07f33A8B32118C'],
    [44787, '0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B'],
    [59144, '0x176211869cA2b568f2A7D4EE941E073a821EE1ff'],
  ])("chain %i has Circle's USDC at %s", (chainId, address) => {
    expect(getUsdcAddress(chainId)).toBe(address)
  })

  test('every address is a checksummed address', () => {
    for (const chain of chains) {
      const address = getUsdcAddress(chain.id)
      if (address) expect(isAddress(address, { strict: true })).toBe(true)
    }
  })

  test('both local chains use the devnet token', () => {
    expect(getUsdcAddress(31337)).toBe(LOCAL_USDC_ADDRESS)
    expect(getUsdcAddress(31338)).toBe(LOCAL_USDC_ADDRESS)
  })

  test.each([314, 314159, 42, 690, 17069, 999999999, 80085, 17000, 59140])(
    'known chain %i without USDC gives undefined',
    (chainId) => {
      expect(getUsdcAddress(chainId)).toBeUndefined()
    },
  )

  test('an unknown chain throws UnknownChainError', () => {
    expect(() => getUsdcAddress(56)).toThrow(UnknownChainError)
  })
})
