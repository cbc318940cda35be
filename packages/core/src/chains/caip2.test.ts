import { describe, expect, test } from 'vitest'
import { getCaip2, InvalidCaip2Error, parseCaip2 } from './caip2'
import { chains } from './chains'
import { UnknownChainError } from './getChain'
import { UnknownSolanaClusterError } from './solana'

describe('getCaip2', () => {
  test('EVM chains are eip155:<id>', () => {
    expect(getCaip2(1)).toBe('eip155:1')
    expect(getCaip2(8453)).toBe('eip155:8453')
    expect(getCaip2(999999999)).toBe('eip155:999999999')
  })

  test('Solana clusters are solana:<first 32 characters of the genesis hash>', () => {
    expect(getCaip2('mainnet-beta')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(getCaip2('devnet')).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(getCaip2('testnet')).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')
  })

  test('an unknown chain id throws UnknownChainError', () => {
    expect(() => getCaip2(5)).toThrow(UnknownChainError)
  })
})

describe('parseCaip2', () => {
  test('reads EVM ids back', () => {
    expect(parseCaip2('eip155:10')).toEqual({ namespace: 'eip155', chainId: 10 })
  })

  test('round-trips every chain', () => {
    for (const chain of chains)
      expect(parseCaip2(getCaip2(chain.id))).toEqual({ namespace: 'eip155', chainId: chain.id })
  })

  test('reads Solana clusters back', () => {
    expect(parseCaip2('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      cluster: 'mainnet-beta',
    })
    expect(parseCaip2('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toEqual({
      namespace: 'solana',
      cluster: 'devnet',
    })
    expect(parseCaip2('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).toEqual({
      namespace: 'solana',
      cluster: 'testnet',
    })
  })

  test.each([
    '',
    '1',
    'eip155',
    'eip155:',
    'eip155:0x1',
    'eip155:01',
    'eip155:-1',
    'eip155:1.5',
    'cosmos:cosmoshub-4',
    ':1',
  ])('%j is malformed', (input) => {
    expect(() => parseCaip2(input)).toThrow(InvalidCaip2Error)
  })

  test('a malformed id is named in the message', () => {
    expect(() => parseCaip2('eip155:abc')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaip2Error: Invalid CAIP-2 chain id: "eip155:abc"

      Details: Expected eip155:<decimal chain id> or solana:<first 32 characters of the genesis hash>.]
    `)
  })

  test('a non-string is malformed, not a crash', () => {
    // @ts-expect-error untyped callers may pass a number
    expect(() => parseCaip2(1)).toThrow(InvalidCaip2Error)
  })

  test('a well-formed id of an unknown chain throws the unknown-chain errors', () => {
    expect(() => parseCaip2('eip155:5')).toThrow(UnknownChainError)
    // the full genesis hash is not the CAIP-2 reference: only its first 32 characters are
    expect(() => parseCaip2('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d')).toThrow(
      UnknownSolanaClusterError,
    )
  })
})
