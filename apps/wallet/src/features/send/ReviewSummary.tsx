import type { ReactNode } from 'react'

/**
 * The top of a review, the same on every chain: what is sent, to whom, on which chain, then the
 * family's own lines (the fee, a new token account…) as `<dt>`/`<dd>` pairs.
 *
 * @example
 * <ReviewSummary amountLabel="12.5 USDC" to={to} chainName="Solana"><dt>Network fee</dt><dd>0.000005 SOL</dd></ReviewSummary>
 */
export function ReviewSummary({
  amountLabel,
  to,
  chainName,
  children,
}: {
  amountLabel: string
  to: string
  chainName: string
  children: ReactNode
}) {
  return (
    <div className="card">
      <h2>Review</h2>
      <dl className="send__summary">
        <dt>Send</dt>
        <dd>
          <strong>{amountLabel}</strong>
        </dd>
        <dt>To</dt>
        <dd className="mono">{to}</dd>
        <dt>Chain</dt>
        <dd>{chainName}</dd>
        {children}
      </dl>
    </div>
  )
}
