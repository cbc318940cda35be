import { BaseError } from '../errors/BaseError'
import type { SolanaCluster } from './types'

export type SolanaClusterInfo = {
  readonly cluster: SolanaCluster
  readonly name: string
  /** The cluster's genesis block hash, which names it unambiguously. */
  readonly genesisHash: string
  /** The CAIP-2 id: `solana:` and the first 32 characters of the genesis hash. */
  readonly caip2: `solana:${string}`
  /** Solana Labs' public endpoint (rate-limited; production sets its own). */
  readonly rpcUrl: string
  readonly testnet: boolean
  /** Circle's USDC mint; testnet has none. */
  readonly usdcMint?: string
}

/** Thrown for a cluster name or genesis hash that is none of Satchel's Solana clusters. */
export class UnknownSolanaClusterError extends BaseError {
  override name = 'UnknownSolanaClusterError'
  readonly cluster: string

  constructor(cluster: string) {
    super(`Unknown Solana cluster: ${JSON.stringify(cluster)}`, {
      details: 'Known clusters: mainnet-beta, devnet, testnet.',
    })
    this.cluster = cluster
  }
}

// CAIP-2 (namespaces/solana/caip2.md) caps a reference at 32 characters, so it keeps the prefix.
const solanaCaip2 = (genesisHash: string): `solana:${string}` => `solana:${genesisHash.slice(0, 32)}`

/**
 * The Solana clusters Satchel knows.
 *
 * @example
 * solanaClusters.find((cluster) => cluster.cluster === 'devnet')?.rpcUrl // 'https://api.devnet.solana.com'
 */
export const solanaClusters: readonly SolanaClusterInfo[] = [
  {
    cluster: 'mainnet-beta',
    name: 'Solana',
    genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
    caip2: solanaCaip2('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'),
    rpcUrl: 'https://api.mainnet-beta.solana.com',
    testnet: false,
    usdcMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  },
  {
    cluster: 'devnet',
    name: 'Solana Devnet',
    genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
    caip2: solanaCaip2('EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'),
    rpcUrl: 'https://api.devnet.solana.com',
    testnet: true,
    usdcMint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
  },
  {
    cluster: 'testnet',
    name: 'Solana Testnet',
    genesisHash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
    caip2: solanaCaip2('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY'),
    rpcUrl: 'https://api.testnet.solana.com',
    testnet: true,
  },
]

/**
 * The cluster with this name.
 *
 * @throws {UnknownSolanaClusterError} for any other name (the type allows only the three, but
 * the name often comes from configuration or a URL).
 * @example
 * getSolanaCluster('devnet').caip2 // 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
 */
export function getSolanaCluster(cluster: SolanaCluster): SolanaClusterInfo {
  const found = solanaClusters.find((candidate) => candidate.cluster === cluster)
  if (!found) throw new UnknownSolanaClusterError(cluster)
  return found
}

/**
 * Circle's USDC mint on a Solana cluster; `undefined` on testnet, where Circle issues none.
 *
 * @throws {UnknownSolanaClusterError} for a name that is not a cluster.
 * @example
 * getSolanaUsdcMint('mainnet-beta') // 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
 * getSolanaUsdcMint('testnet') // undefined
 */
export function getSolanaUsdcMint(cluster: SolanaCluster): string | undefined {
  return getSolanaCluster(cluster).usdcMint
}
