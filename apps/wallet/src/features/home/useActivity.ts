import { useSatchel } from '@satchel/react'
import { readSentTransactions } from '../../shared/activity/sentTransactions'
import { createChainReader, type TransactionReceiptStatus } from '../../shared/chains/createChainReader'
import { toChecksumAddress } from '../../shared/chains/toChecksumAddress'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { type PollingState, usePolling } from '../../shared/hooks/usePolling'

/** One line of the activity list. */
export type ActivityItem = {
  chainId: number
  hash: `0x${string}`
  direction: 'in' | 'out'
  asset: 'native' | 'USDC'
  amount: bigint
  counterparty: string
  status: TransactionReceiptStatus
  blockNumber: bigint | undefined
}

const POLL_MS = 6000
// Receipts of native sends (which leave no token log) are asked for the newest few only.
const RECEIPT_CHECKS = 10

/**
 * Recent activity of `address`: USDC received and sent on every chain (from the token's logs) and the
 * transactions sent from this browser (pending until mined). Pending first, then newest block first.
 *
 * @example
 * const activity = useActivity(wallet.address, chains)
 */
export function useActivity(address: string, chains: readonly WalletChain[]): PollingState<ActivityItem[]> {
  const { client } = useSatchel()
  const self = address.toLowerCase()
  return usePolling(
    async () => {
      const sent = readSentTransactions(address)
      const perChain = await Promise.all(
        chains.map(async (chain) => {
          const reader = createChainReader(client, chain)
          const transfers = await reader.getUsdcTransfers(address)
          const items: ActivityItem[] = transfers.map((transfer) => ({
            chainId: chain.id,
            hash: transfer.hash,
            direction: transfer.from === self ? 'out' : 'in',
            asset: 'USDC',
            amount: transfer.amount,
            counterparty: toChecksumAddress(transfer.from === self ? transfer.to : transfer.from),
            status: 'mined',
            blockNumber: transfer.blockNumber,
          }))
          const logged = new Set(items.map((item) => item.hash.toLowerCase()))
          const local = sent.filter(
            (entry) => entry.chainId === chain.id && !logged.has(entry.hash.toLowerCase()),
          )
          const checked = await Promise.all(
            local.slice(0, RECEIPT_CHECKS).map(
              async (entry): Promise<ActivityItem> => ({
                chainId: chain.id,
                hash: entry.hash,
                direction: 'out',
                asset: entry.asset,
                amount: BigInt(entry.amount),
                counterparty: entry.to,
                status: await reader
                  .getReceiptStatus(entry.hash)
                  .catch((): TransactionReceiptStatus => 'pending'),
                blockNumber: undefined,
              }),
            ),
          )
          return [...items, ...checked]
        }),
      )
      return perChain.flat().sort(compareActivity)
    },
    `${address}:${chains.map((chain) => chain.id).join(',')}`,
    POLL_MS,
  )
}

function compareActivity(a: ActivityItem, b: ActivityItem): number {
  if (a.blockNumber === undefined || b.blockNumber === undefined)
    return a.blockNumber === undefined ? (b.blockNumber === undefined ? 0 : -1) : 1
  return a.blockNumber === b.blockNumber ? 0 : a.blockNumber > b.blockNumber ? -1 : 1
}
