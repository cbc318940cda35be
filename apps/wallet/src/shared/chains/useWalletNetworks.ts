import { useMemo } from 'react'
import type { SolanaCluster } from './solana/readSolanaConfig'
import { useSolanaClusters } from './solana/useSolanaClusters'
import { useWalletChains, type WalletChain } from './useWalletChains'

/** A chain a person can pick, of either family; `key` is the EVM chain id or the Solana CAIP-2 id. */
export type WalletNetwork =
  | { family: 'evm'; key: string; name: string; nativeSymbol: string; chain: WalletChain }
  | { family: 'solana'; key: string; name: string; nativeSymbol: 'SOL'; cluster: SolanaCluster }

/**
 * EVM chains first, then Solana clusters, as networks a person picks between (or activity names).
 *
 * @example
 * toWalletNetworks(chains, clusters).map((network) => network.key) // ['31337', 'solana:EtWT…']
 */
export function toWalletNetworks(
  chains: readonly WalletChain[],
  clusters: readonly SolanaCluster[],
): WalletNetwork[] {
  return [
    ...chains.map(
      (chain): WalletNetwork => ({
        family: 'evm',
        key: String(chain.id),
        name: chain.name,
        nativeSymbol: chain.nativeSymbol,
        chain,
      }),
    ),
    ...clusters.map(
      (cluster): WalletNetwork => ({
        family: 'solana',
        key: cluster.caip2,
        name: cluster.name,
        nativeSymbol: 'SOL',
        cluster,
      }),
    ),
  ]
}

/**
 * Every chain this wallet is configured for, EVM chains first, then the Solana clusters: what the
 * Receive, Send and Fund screens let a person choose between.
 *
 * @example
 * const networks = useWalletNetworks()
 * networks.map((network) => network.name) // ['Satchel Devnet', 'Satchel Base Devnet', 'Solana Devnet (local)']
 */
export function useWalletNetworks(): WalletNetwork[] {
  const chains = useWalletChains()
  const clusters = useSolanaClusters()
  return useMemo(() => toWalletNetworks(chains, clusters), [chains, clusters])
}
