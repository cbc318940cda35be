import type { SatchelClient } from '@satchel/react'
import { createChainReader } from './createChainReader'
import { createSolanaReader } from './solana/createSolanaReader'
import type { WalletNetwork } from './useWalletNetworks'

/**
 * One balance of `owner` on a chain of either family: the native coin (wei, lamports) or USDC (its
 * smallest unit; 0n where the chain has none).
 *
 * @example
 * await readNetworkBalance(client, network, owner, 'USDC') // 25_000_000n
 */
export async function readNetworkBalance(
  client: SatchelClient,
  network: WalletNetwork,
  owner: string,
  asset: 'native' | 'USDC',
): Promise<bigint> {
  if (network.family === 'solana') {
    const reader = createSolanaReader(network.cluster)
    return asset === 'USDC' ? ((await reader.getUsdcBalance(owner)) ?? 0n) : reader.getSolBalance(owner)
  }
  const reader = createChainReader(client, network.chain)
  return asset === 'USDC' ? ((await reader.getUsdcBalance(owner)) ?? 0n) : reader.getNativeBalance(owner)
}
