import { listWalletTransactions, useSatchel } from '@satchel/react'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { type PollingState, usePolling } from '../../shared/hooks/usePolling'
import { type ActivityItem, compareActivity } from '../activity/activityItem'
import { readChainActivity } from '../activity/readChainActivity'

export type { ActivityItem } from '../activity/activityItem'

const POLL_MS = 6000

/**
 * The activity of the wallet on every shown chain, newest first: read from the chains (USDC logs, coin
 * in the latest blocks) and the server's record of what the wallet sent (its sends and apps'
 * requests), so every device shows the same list. Nothing is kept in this browser's storage.
 *
 * @example
 * const activity = useActivity(wallet, chains)
 */
export function useActivity(
  wallet: { id: string; address: string },
  chains: readonly WalletChain[],
): PollingState<ActivityItem[]> {
  const { client } = useSatchel()
  return usePolling(
    async () => {
      const recorded = await listWalletTransactions(client, { walletId: wallet.id })
      const perChain = await Promise.all(
        chains.map((chain) => readChainActivity({ chain, address: wallet.address, recorded })),
      )
      return perChain.flat().sort(compareActivity)
    },
    `activity:${wallet.id}:${chains.map((chain) => chain.id).join(',')}`,
    POLL_MS,
  )
}
