import { useWalletConfig } from '../../../app/WalletConfigContext'
import type { SolanaCluster } from './readSolanaConfig'

/**
 * The Solana clusters this wallet is configured for (on the devnet: its local cluster standing in for
 * Solana devnet), in the configured order.
 *
 * @example
 * const clusters = useSolanaClusters()
 */
export function useSolanaClusters(): readonly SolanaCluster[] {
  return useWalletConfig().solana
}
