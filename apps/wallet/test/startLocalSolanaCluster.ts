import { startSolanaCluster } from '@satchel/devchain'
import type { SolanaCluster } from '../src/shared/chains/solana/readSolanaConfig'

export type LocalSolanaCluster = Awaited<ReturnType<typeof startSolanaCluster>> & {
  /** The cluster as the wallet sees it when the devnet configures it (local: no explorer). */
  solana: SolanaCluster
}

/**
 * Starts the devchain's local Solana cluster (LiteSVM behind JSON-RPC: the same program checks and RPC
 * answers as a real cluster) for a test of what the wallet builds or reads. Close it after.
 *
 * @example
 * const cluster = await startLocalSolanaCluster()
 * await readSolanaActivity({ cluster: cluster.solana, owner, recorded: [] })
 * cluster.close()
 */
export async function startLocalSolanaCluster(): Promise<LocalSolanaCluster> {
  const cluster = await startSolanaCluster({})
  return {
    ...cluster,
    solana: {
      caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      name: 'Solana Devnet (local)',
      rpcUrl: cluster.rpcUrl,
      usdcMint: cluster.mint,
      testnet: true,
      explorerCluster: undefined,
    },
  }
}
