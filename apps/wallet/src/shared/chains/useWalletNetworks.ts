import { useMemo } from 'react'
import type { SolanaCluster } from './solana/readSolanaConfig'
import { useSolanaClusters } from './solana/useSolanaClusters'
import { useWalletChains, type WalletChain } from './useWalletChains'

/** A chain a person can pick, of either family; `key` is the EVM chain id or the Solana CAIP-2 id. */
export type WalletNetwork =
  | { family: 'evm'; key: string; name: string; nativeSymbol: string; chain: WalletChain }
  | { family: 'solana'; key: string; name: string; nativeSymbol: 'SOL'; cluster: SolanaCluster }

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
  return useMemo(
    () => [
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
    ],
    [chains, clusters],
  )
}
