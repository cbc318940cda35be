import { formatWei } from '@satchel/core'
import { type SatchelWallet, useTransactionStatus } from '@satchel/react'
import { Link } from '../../app/router/Link'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import type { SendDraft } from './SendForm'

/**
 * Follows a sent transaction until it is mined or failed (the SDK's `useTransactionStatus` asks the
 * server every 1.5 s, and again after a failed read).
 */
export function StatusStep({
  wallet,
  draft,
  hash,
  onSendAnother,
}: {
  wallet: SatchelWallet
  draft: SendDraft
  hash: `0x${string}`
  onSendAnother: () => void
}) {
  const read = useTransactionStatus({ walletId: wallet.id, hash })
  const status = read.data ?? { status: 'pending', blockNumber: undefined }
  // Shown while the status cannot be read; the hook keeps asking.
  const error = read.failureReason

  const symbol = draft.asset === 'USDC' ? 'USDC' : draft.chain.nativeSymbol
  const amount = formatWei(draft.amount, {
    unitDecimals: draft.asset === 'USDC' ? USDC_DECIMALS : 18,
    decimals: draft.asset === 'USDC' ? 6 : 18,
  })
  return (
    <div className="card send__status" data-status={status.status}>
      <h2>
        {status.status === 'pending'
          ? 'Sending'
          : status.status === 'mined'
            ? 'Sent'
            : 'The transaction failed'}
      </h2>
      <div aria-live="polite">
        {status.status === 'pending' ? (
          <LoadingState label="Waiting for the transaction to be mined…" />
        ) : null}
        {status.status === 'mined' ? (
          <p className="notice notice--success">
            {amount} {symbol} sent on {draft.chain.name}
            {status.blockNumber === undefined ? '' : ` (block ${status.blockNumber})`}.
          </p>
        ) : null}
        {status.status === 'failed' ? (
          <p className="error-message">
            The chain rejected the transaction (it reverted). Your {symbol} did not move; only the fee was
            spent.
          </p>
        ) : null}
      </div>
      {error ? <ErrorMessage title="The status could not be read; trying again" error={error} /> : null}
      <p className="field__hint">
        Transaction <span className="mono">{hash}</span>
        {draft.chain.explorerUrl ? (
          <>
            {' '}
            ·{' '}
            <a href={`${draft.chain.explorerUrl}/tx/${hash}`} target="_blank" rel="noreferrer">
              View on explorer
            </a>
          </>
        ) : null}
      </p>
      <div className="actions">
        <Link to="/" className="button">
          Back to home
        </Link>
        <button type="button" className="button button--secondary" onClick={onSendAnother}>
          Send another
        </button>
      </div>
    </div>
  )
}
