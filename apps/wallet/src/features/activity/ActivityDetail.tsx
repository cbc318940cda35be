import { formatWei } from '@satchel/core'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { CopyButton } from '../../shared/ui/CopyButton'
import type { ActivityItem } from './activityItem'

const statusWords = { pending: 'Pending', mined: 'Confirmed', failed: 'Failed' } as const

/**
 * What one activity line is, in full: amount, the other party's whole address, network fee, status,
 * date, the transaction hash (with copy) and the explorer link where the chain has an explorer.
 *
 * @example
 * <ActivityDetail item={item} chain={chain} amount="1.50 USDC" />
 */
export function ActivityDetail({
  item,
  chain,
  amount,
}: {
  item: ActivityItem
  chain: WalletChain | undefined
  amount: string
}) {
  const symbol = chain?.nativeSymbol ?? 'ETH'
  return (
    <dl className="activity__detail">
      <dt>Amount</dt>
      <dd>{amount || 'No coin or USDC moved'}</dd>
      <dt>{item.direction === 'in' ? 'From' : 'To'}</dt>
      <dd className="mono">{item.counterparty}</dd>
      <dt>Network fee</dt>
      <dd>
        {item.fee === undefined
          ? 'Not known until it is confirmed'
          : `${formatWei(item.fee, { decimals: 6 })} ${symbol}${item.direction === 'in' ? ' (paid by the sender)' : ''}`}
      </dd>
      <dt>Status</dt>
      <dd>
        {statusWords[item.status]}
        {item.blockNumber === undefined ? '' : ` in block ${item.blockNumber}`}
      </dd>
      <dt>Date</dt>
      <dd>{item.time === undefined ? 'Not known' : formatActivityTime(item.time)}</dd>
      <dt>Network</dt>
      <dd>{chain?.name ?? `Chain ${item.chainId}`}</dd>
      <dt>Transaction</dt>
      <dd>
        <span className="mono">{item.hash}</span>{' '}
        <CopyButton value={item.hash} label="Copy" accessibleLabel="Copy transaction hash" />
      </dd>
      <dt>Explorer</dt>
      <dd>
        {chain?.explorerUrl ? (
          <a href={`${chain.explorerUrl}/tx/${item.hash}`} target="_blank" rel="noreferrer">
            View on {new URL(chain.explorerUrl).hostname}
            <span className="visually-hidden"> (opens a new tab)</span>
          </a>
        ) : (
          'This network has no public explorer'
        )}
      </dd>
    </dl>
  )
}

/**
 * A date and time in the person's own locale ("27 Nov 2026, 06:12").
 *
 * @example
 * formatActivityTime(Date.now())
 */
export function formatActivityTime(time: number): string {
  return new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}
