import { formatAddress, formatWei } from '@satchel/core'
import { useMemo } from 'react'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import { SOL_DECIMALS } from '../../shared/chains/solana/readSolanaBalances'
import { useSolanaClusters } from '../../shared/chains/solana/useSolanaClusters'
import { useSolanaWallet } from '../../shared/chains/solana/useSolanaWallet'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { toWalletNetworks, type WalletNetwork } from '../../shared/chains/useWalletNetworks'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { useEthereumWallet } from '../../shared/useEthereumWallet'
import { ActivityDetail, formatActivityTime } from '../activity/ActivityDetail'
import type { ActivityItem } from '../activity/activityItem'
import { NATIVE_SCAN_BLOCKS } from '../activity/readChainActivity'
import { SOLANA_SIGNATURE_LIMIT } from '../activity/readSolanaActivity'
import { useActivity } from './useActivity'

const statusLabel = { pending: 'Pending', mined: 'Confirmed', failed: 'Failed' } as const

/**
 * Recent activity, newest first and dated, the same on every device: each line opens to its detail
 * (fee, full address, hash, explorer link where the chain has one).
 *
 * @example
 * <ActivityList address={wallet.address} chains={chains} />
 */
export function ActivityList({ chains }: { chains: readonly WalletChain[] }) {
  const evm = useEthereumWallet()
  const solana = useSolanaWallet()
  const clusters = useSolanaClusters()
  const networks = useMemo(() => toWalletNetworks(chains, clusters), [chains, clusters])
  const activity = useActivity({ evm, solana }, chains, clusters)
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
        <ul className="activity__list" aria-label="Transactions">
          {activity.data.slice(0, 30).map((item) => {
            const network = networks.find((entry) => entry.key === item.network)
            const amount = describeAmount(item, network)
            return (
              <li
                key={`${item.network}:${item.hash}:${item.direction}:${item.asset}`}
                className="activity__item"
              >
                <details className="activity__main">
                  <summary>
                    <span className="activity__title">
                      {describeTitle(item)} <strong>{amount}</strong>
                    </span>{' '}
                    <span className="activity__meta">
                      {item.counterparty === undefined ? null : (
                        <>
                          {item.direction === 'in' ? 'from' : 'to'}{' '}
                          <span className="mono">{formatAddress(item.counterparty)}</span> ·{' '}
                        </>
                      )}
                      {network?.name ?? item.network}
                      {item.time === undefined ? '' : ` · ${formatActivityTime(item.time)}`}
                    </span>{' '}
                    <span className={`activity__status activity__status--${item.status}`}>
                      {statusLabel[item.status]}
                    </span>
                  </summary>
                  <ActivityDetail item={item} network={network} amount={amount} />
                </details>
              </li>
            )
          })}
        </ul>
      ) : null}
      <p className="field__hint">
        Coins (such as ETH) received are found in each network's latest {NATIVE_SCAN_BLOCKS} blocks; USDC and
        everything you sent are always listed. On Solana, your latest {SOLANA_SIGNATURE_LIMIT} transactions
        are listed.
      </p>
    </div>
  )
}

function describeTitle(item: ActivityItem): string {
  if (item.asset === 'call') return 'App transaction'
  return item.direction === 'in' ? 'Received' : 'Sent'
}

function describeAmount(item: ActivityItem, network: WalletNetwork | undefined): string {
  if (item.asset === 'call') return ''
  if (item.asset === 'USDC')
    return `${formatWei(item.amount, { unitDecimals: USDC_DECIMALS, decimals: 2 })} USDC`
  const unitDecimals = network?.family === 'solana' ? SOL_DECIMALS : 18
  return `${formatWei(item.amount, { unitDecimals })} ${network?.nativeSymbol ?? ''}`.trim()
}
