import { describe, expect, test } from 'vitest'
import { BaseError } from '../errors/BaseError'
import { getSolanaCluster, getSolanaUsdcMint, solanaClusters, UnknownSolanaClusterError } from './solana'

describe('solanaClusters', () => {
  test('mainnet-beta, devnet and testnet, each with its genesis hash and CAIP-2 id', () => {
    expect(
      solanaClusters.map(({ cluster, genesisHash, caip2, testnet }) => ({
        cluster,
        genesisHash,
        caip2,
        testnet,
      })),
    ).toEqual([
      {
        cluster: 'mainnet-beta',
        genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
        caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        testnet: false,
      },
      {
        cluster: 'devnet',
        genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
        caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        testnet: true,
      },
      {
        cluster: 'testnet',
        genesisHash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
        caip2: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
        testnet: true,
      },
    ])
  })

  test('each cluster has its public https endpoint', () => {
    expect(getSolanaCluster('mainnet-beta').rpcUrl).toBe('https://api.mainnet-beta.solana.com')
    expect(getSolanaCluster('devnet').rpcUrl).toBe('https://api.devnet.solana.com')
    expect(getSolanaCluster('testnet').rpcUrl).toBe('https://api.testnet.solana.com')
  })
})

describe('getSolanaUsdcMint', () => {
  test('mainnet-beta and devnet have a USDC mint; testnet has none', () => {
    expect(getSolanaUsdcMint('mainnet-beta')).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
    expect(getSolanaUsdcMint('devnet')).toBe('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU')
    expect(getSolanaUsdcMint('testnet')).toBeUndefined()
  })

  test('an unknown cluster throws UnknownSolanaClusterError naming it', () => {
    let caught: unknown
    try {
      // @ts-expect-error a cluster name from configuration is only a string until it is checked
      getSolanaUsdcMint('localnet')
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(UnknownSolanaClusterError)
    expect(caught).toBeInstanceOf(BaseError)
    expect(caught).toMatchObject({
      name: 'UnknownSolanaClusterError',
      cluster: 'localnet',
      shortMessage: 'Unknown Solana cluster: "localnet"',
    })
  })
})
