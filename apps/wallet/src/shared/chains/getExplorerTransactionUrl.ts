import type { SolanaCluster } from './solana/readSolanaConfig'
import type { WalletChain } from './useWalletChains'

/** A chain of either family, as a `WalletNetwork` or a send draft names it. */
export type ExplorerNetwork =
  | { family: 'evm'; chain: WalletChain }
  | { family: 'solana'; cluster: SolanaCluster }

/**
 * The page of a transaction on its chain's public explorer, or undefined where the chain has none (the
 * devnet's local chains). Solana's explorer names the cluster in its query (none for mainnet-beta).
 *
 * @example
 * getExplorerTransactionUrl({ family: 'solana', cluster }, signature)
 * // 'https://explorer.solana.com/tx/5Vf…?cluster=devnet'
 */
export function getExplorerTransactionUrl(network: ExplorerNetwork, hash: string): string | undefined {
  if (network.family === 'evm')
    return network.chain.explorerUrl ? `${network.chain.explorerUrl}/tx/${hash}` : undefined
  const { explorerCluster } = network.cluster
  if (!explorerCluster) return undefined
  return `https://explorer.solana.com/tx/${hash}${explorerCluster === 'mainnet-beta' ? '' : `?cluster=${explorerCluster}`}`
}
