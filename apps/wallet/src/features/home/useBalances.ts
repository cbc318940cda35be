import { useSatchel } from '@satchel/react'
import { createChainReader } from '../../shared/chains/createChainReader'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { type PollingState, usePolling } from '../../shared/hooks/usePolling'

/** One chain's balances, or why they could not be read. */
export type ChainBalance =
  | { chainId: number; status: 'ready'; native: bigint; usdc: bigint | undefined }
  | { chainId: number; status: 'error'; error: unknown }

// Often enough that funds arriving from the onramp or a friend show within seconds.
const POLL_MS = 4000

/**
 * The native coin and USDC balances of `address` on every chain, read again every 4 seconds. A chain
 * that cannot be reached is reported on its own; the others still show.
 *
 * @example
 * const balances = useBalances(wallet.address, chains)
 */
export function useBalances(address: string, chains: readonly WalletChain[]): PollingState<ChainBalance[]> {
  const { client } = useSatchel()
  return usePolling(
    () =>
      Promise.all(
        chains.map(async (chain): Promise<ChainBalance> => {
          try {
            const reader = createChainReader(client, chain)
            const [native, usdc] = await Promise.all([
              reader.getNativeBalance(address),
              reader.getUsdcBalance(address),
            ])
            return { chainId: chain.id, status: 'ready', native, usdc }
          } catch (error) {
            return { chainId: chain.id, status: 'error', error }
          }
        }),
      ),
    `${address}:${chains.map((chain) => chain.id).join(',')}`,
    POLL_MS,
  )
}
