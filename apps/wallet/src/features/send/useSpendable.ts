import { useSatchel } from '@satchel/react'
import { createChainReader } from '../../shared/chains/createChainReader'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { type PollingState, usePolling } from '../../shared/hooks/usePolling'
import type { TransferAsset } from './buildTransfer'
import { FEE_HEADROOM, TRANSFER_GAS } from './checkFeeFunds'

export type Spendable = {
  balance: bigint
  /** What Max fills in: the whole balance for USDC; for the native coin, minus a margin for the fee. */
  max: bigint
}

/**
 * The balance of the asset being sent on the chosen chain, and the most that can be sent.
 *
 * @example
 * const spendable = useSpendable(address, chain, 'USDC')
 */
export function useSpendable(
  address: string,
  chain: WalletChain,
  asset: TransferAsset,
): PollingState<Spendable> {
  const { client } = useSatchel()
  return usePolling(
    async () => {
      const reader = createChainReader(client, chain)
      if (asset === 'USDC') {
        const balance = (await reader.getUsdcBalance(address)) ?? 0n
        return { balance, max: balance }
      }
      const [balance, gasPrice] = await Promise.all([reader.getNativeBalance(address), reader.getGasPrice()])
      const fee = gasPrice * TRANSFER_GAS * FEE_HEADROOM
      return { balance, max: balance > fee ? balance - fee : 0n }
    },
    `${address}:${chain.id}:${asset}`,
    5000,
  )
}
