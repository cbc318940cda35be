import { BaseError, getSolanaCluster, solanaClusters } from '@satchel/core'

/** The Wallet Standard's names of the Solana clusters Satchel signs for. */
export const SOLANA_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet'] as const

export type SolanaChain = (typeof SOLANA_CHAINS)[number]

const clusterOf = {
  'solana:mainnet': 'mainnet-beta',
  'solana:devnet': 'devnet',
  'solana:testnet': 'testnet',
} as const

/**
 * The CAIP-2 id the wallet RPC takes (`solana:<genesis hash prefix>`) for a Wallet Standard chain
 * (`solana:devnet`); a CAIP-2 id of a known cluster passes through.
 *
 * @throws {BaseError} `Unsupported Solana chain` for any other chain.
 * @example
 * toSolanaCaip2('solana:devnet') // 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
 */
export function toSolanaCaip2(chain: string): string {
  const known = SOLANA_CHAINS.find((candidate) => candidate === chain)
  if (known) return getSolanaCluster(clusterOf[known]).caip2
  if (solanaClusters.some((cluster) => cluster.caip2 === chain)) return chain
  throw new BaseError(`Unsupported Solana chain ${JSON.stringify(chain)}`, {
    details: `Satchel signs for ${SOLANA_CHAINS.join(', ')}.`,
  })
}
