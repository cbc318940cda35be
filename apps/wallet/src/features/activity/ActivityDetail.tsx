import { formatWei } from '@satchel/core'
import { getExplorerTransactionUrl } from '../../shared/chains/getExplorerTransactionUrl'
import { SOL_DECIMALS } from '../../shared/chains/solana/readSolanaBalances'
import type { WalletNetwork } from '../../shared/chains/useWalletNetworks'
import { CopyButton } from '../../shared/ui/CopyButton'
import type { ActivityItem } from './activityItem'

const statusWords = { pending: 'Pending', mined: 'Confirmed', failed: 'Failed' } as const

/**
 * What one activity line is, in full: amount, the other party's whole address, network fee, status,
 * date, the transaction hash or Solana signature (with copy) and the explorer link where the chain
 * has an explorer (the devnet's local chains have none).
 *
 * @example
 * <ActivityDetail item={item} network={network} amount="1.50 USDC" />
 */
export function ActivityDetail({
  item,
  network,
  amount,
}: {
  item: ActivityItem
  network: WalletNetwork | undefined
  amount: string
}) {
  const solana = network?.family === 'solana'
  const explorerUrl = network ? getExplorerTransactionUrl(network, item.hash) : undefined
  return (
    <dl className="activity__detail">
      <dt>Amount</dt>
      <dd>{amount || 'No coin or USDC moved'}</dd>
      <dt>{item.direction === 'in' ? 'From' : 'To'}</dt>
      <dd className="mono">{item.counterparty ?? 'Not known until it is confirmed'}</dd>
      <dt>Network fee</dt>
      <dd>
        {item.fee === undefined
          ? 'Not known until it is confirmed'
          : `${formatWei(item.fee, { decimals: solana ? SOL_DECIMALS : 6, unitDecimals: solana ? SOL_DECIMALS : 18 })} ${network?.nativeSymbol ?? ''}${item.direction === 'in' ? ' (paid by the sender)' : ''}`}
      </dd>
      <dt>Status</dt>
      <dd>
        {statusWords[item.status]}
        {item.blockNumber === undefined ? '' : ` in ${solana ? 'slot' : 'block'} ${item.blockNumber}`}
      </dd>
      <dt>Date</dt>
      <dd>{item.time === undefined ? 'Not known' : formatActivityTime(item.time)}</dd>
      <dt>Network</dt>
      <dd>{network?.name ?? item.network}</dd>
      <dt>{solana ? 'Signature' : 'Transaction'}</dt>
      <dd>
        <span className="mono">{item.hash}</span>{' '}
        <CopyButton
          value={item.hash}
          label="Copy"
          accessibleLabel={solana ? 'Copy transaction signature' : 'Copy transaction hash'}
        />
      </dd>
      <dt>Explorer</dt>
      <dd>
        {explorerUrl ? (
          <a href={explorerUrl} target="_blank" rel="noreferrer">
            View on {new URL(explorerUrl).hostname}
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
