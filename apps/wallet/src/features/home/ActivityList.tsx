import { formatAddress, formatWei } from '@satchel/core'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { useActivity } from './useActivity'

const statusLabel = { pending: 'Pending', mined: 'Confirmed', failed: 'Failed' } as const

/**
 * Recent activity, newest first, each with its chain, status and an explorer link where the chain
 * has an explorer.
 *
 * @example
 * <ActivityList address={wallet.address} chains={chains} />
 */
export function ActivityList({ address, chains }: { address: string; chains: readonly WalletChain[] }) {
  const activity = useActivity(address, chains)
  return (
    <div className="card activity">
      <h2>Recent activity</h2>
      {activity.status === 'loading' ? <LoadingState label="Loading activity…" /> : null}
      {activity.status === 'error' ? (
        <ErrorMessage error={activity.error} onRetry={activity.refresh} />
      ) : null}
      {activity.data?.length === 0 ? (
        <EmptyState title="No activity yet">Fund your wallet or ask a friend to send you USDC.</EmptyState>
      ) : null}
      {activity.data && activity.data.length > 0 ? (
        <ul className="activity__list">
          {activity.data.slice(0, 20).map((item) => {
            const chain = chains.find((entry) => entry.id === item.chainId)
            const symbol = item.asset === 'USDC' ? 'USDC' : (chain?.nativeSymbol ?? 'ETH')
            const amount =
              item.asset === 'USDC'
                ? formatWei(item.amount, { unitDecimals: USDC_DECIMALS, decimals: 2 })
                : formatWei(item.amount)
            return (
              <li key={`${item.chainId}:${item.hash}:${item.direction}`} className="activity__item">
                <div className="activity__main">
                  <p className="activity__title">
                    {item.direction === 'in' ? 'Received' : 'Sent'}{' '}
                    <strong>
                      {amount} {symbol}
                    </strong>
                  </p>
                  <p className="activity__meta">
                    {item.direction === 'in' ? 'from' : 'to'}{' '}
                    <span className="mono" title={item.counterparty}>
                      {formatAddress(item.counterparty)}
                    </span>{' '}
                    · {chain?.name ?? `Chain ${item.chainId}`}
                  </p>
                </div>
                <div className="activity__side">
                  <span className={`activity__status activity__status--${item.status}`}>
                    {statusLabel[item.status]}
                  </span>
                  {chain?.explorerUrl ? (
                    <a href={`${chain.explorerUrl}/tx/${item.hash}`} target="_blank" rel="noreferrer">
                      View on explorer<span className="visually-hidden"> (opens a new tab)</span>
                    </a>
                  ) : (
                    <span className="activity__no-explorer" title={item.hash}>
                      No explorer for this chain
                    </span>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
