import type { PollingState } from '../../shared/hooks/usePolling'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { formatUsd } from './formatUsd'
import { QuickActions } from './QuickActions'
import type { Holding } from './toHoldings'

/**
 * The one figure a person looks for first: everything the wallet holds in USD (assets without a price
 * left out, and said so), how many chains it covers, and the Send / Receive / Buy buttons.
 *
 * @example
 * <TotalBalance holdings={holdings} balances={balances} chainCount={2} />
 */
export function TotalBalance({
  holdings,
  balances,
  chainCount,
}: {
  holdings: readonly Holding[]
  balances: PollingState<unknown>
  chainCount: number
}) {
  const total = holdings.reduce((sum, holding) => sum + (holding.usd ?? 0), 0)
  const unpriced = holdings.some(
    (holding) => holding.usd === undefined && typeof holding.amount === 'bigint' && holding.amount > 0n,
  )
  return (
    <section className="card balance-hero" aria-labelledby="total-balance-label" aria-busy={!balances.data}>
      <h2 className="balance-hero__label" id="total-balance-label">
        Total balance
      </h2>
      {balances.data ? (
        <p className="balance-hero__value" data-testid="total-balance">
          {formatUsd(total)}
        </p>
      ) : balances.status === 'loading' ? (
        <LoadingState label="Loading balances…" />
      ) : null}
      {balances.status === 'error' ? (
        <ErrorMessage error={balances.error} onRetry={balances.refresh} />
      ) : null}
      <p className="balance-hero__hint">
        On {chainCount === 1 ? 'one chain' : `${chainCount} chains`}
        {unpriced ? ' · assets without a price are not counted' : ''}
      </p>
      <QuickActions />
    </section>
  )
}
