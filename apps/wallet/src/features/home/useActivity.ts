import { listWalletTransactions, useSatchel } from '@satchel/react'
import type { SolanaCluster } from '../../shared/chains/solana/readSolanaConfig'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { type PollingState, usePolling } from '../../shared/hooks/usePolling'
import { type ActivityItem, compareActivity } from '../activity/activityItem'
import { readChainActivity } from '../activity/readChainActivity'
import { readSolanaActivity } from '../activity/readSolanaActivity'

export type { ActivityItem } from '../activity/activityItem'

const POLL_MS = 6000

type Wallet = { id: string; address: string }

/**
 * The activity of the person's wallets, newest first: the EVM wallet on every shown chain (USDC logs,
 * coin in the latest blocks) and the Solana wallet on every configured cluster (its signatures), each
 * merged with the server's record of what that wallet sent (its sends and apps' requests), so every
 * device shows the same list. Nothing is kept in this browser's storage.
 *
 * @example
 * const activity = useActivity({ evm: wallet, solana: solanaWallet }, chains, clusters)
 */
export function useActivity(
  { evm, solana }: { evm: Wallet | undefined; solana: Wallet | undefined },
  chains: readonly WalletChain[],
  clusters: readonly SolanaCluster[],
): PollingState<ActivityItem[]> {
  const { client } = useSatchel()
  return usePolling(
    async () => {
      const [evmRecorded, solanaRecorded] = await Promise.all(
        [evm, solana].map((wallet) =>
          wallet ? listWalletTransactions(client, { walletId: wallet.id }) : Promise.resolve([]),
        ),
      )
      const lists = await Promise.all([
        ...(evm
          ? chains.map((chain) =>
              readChainActivity({ chain, address: evm.address, recorded: evmRecorded ?? [] }),
            )
          : []),
        ...(solana
          ? clusters.map((cluster) =>
              readSolanaActivity({ cluster, owner: solana.address, recorded: solanaRecorded ?? [] }),
            )
          : []),
      ])
      return lists.flat().sort(compareActivity)
    },
    [
      'activity',
      evm?.id,
      solana?.id,
      ...chains.map((chain) => chain.id),
      ...clusters.map((cluster) => cluster.caip2),
    ].join(':'),
    POLL_MS,
  )
}
