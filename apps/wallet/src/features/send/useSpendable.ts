import { useSatchel } from '@satchel/react'
import { createChainReader } from '../../shared/chains/createChainReader'
import { readNetworkBalance } from '../../shared/chains/readNetworkBalance'
import type { WalletNetwork } from '../../shared/chains/useWalletNetworks'
import { type PollingState, usePolling } from '../../shared/hooks/usePolling'
import type { TransferAsset } from './buildTransfer'
import { FEE_HEADROOM, TRANSFER_GAS } from './checkFeeFunds'

export type Spendable = {
  balance: bigint
  /** What Max fills in: the whole balance for USDC; for the native coin, minus a margin for the fee. */
  max: bigint
}

// What Max keeps back from SOL for the fee: two signatures' worth (5,000 lamports each), as headroom.
const SOL_FEE_MARGIN = 10_000n

/**
 * The balance of the asset being sent on the chosen chain (EVM or Solana), and the most that can be
 * sent.
 *
 * @example
 * const spendable = useSpendable(address, network, 'USDC')
 */
export function useSpendable(
  address: string,
  network: WalletNetwork,
  asset: TransferAsset,
): PollingState<Spendable> {
  const { client } = useSatchel()
  return usePolling(
    async () => {
      const balance = await readNetworkBalance(client, network, address, asset)
      if (asset === 'USDC') return { balance, max: balance }
      const margin =
        network.family === 'solana'
          ? SOL_FEE_MARGIN
          : (await createChainReader(client, network.chain).getGasPrice()) * TRANSFER_GAS * FEE_HEADROOM
      return { balance, max: balance > margin ? balance - margin : 0n }
    },
    `${address}:${network.key}:${asset}`,
    5000,
  )
}
