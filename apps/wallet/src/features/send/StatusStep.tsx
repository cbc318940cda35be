import { useTransactionStatus } from '@satchel/react'
import { LoadingState } from '../../shared/ui/LoadingState'
import { DoneActions } from './DoneActions'

/**
 * Follows a sent transaction until it is mined (confirmed, on Solana) or failed: the SDK's
 * `useTransactionStatus` asks the server every 1.5 s, and again after a failed read. The same for
 * both families; the caller says what was sent, where, and the explorer's page for it.
 */
export function StatusStep({
  walletId,
  hash,
  amountLabel,
  symbol,
  chainName,
  explorerUrl,
  onSendAnother,
}: {
  walletId: string
  hash: string
  /** The amount as sent, e.g. `12.5 USDC`. */
  amountLabel: string
  symbol: string
  chainName: string
  /** The transaction on a block explorer; undefined where the chain has none (a local one). */
  explorerUrl: string | undefined
  onSendAnother: () => void
}) {
  const read = useTransactionStatus({ walletId, hash })
  const status = read.data ?? { status: 'pending', blockNumber: undefined }
  // Shown while the status cannot be read; the hook keeps asking.
  const error = read.failureReason
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
          <LoadingState label="Waiting for the transaction to be confirmed…" />
        ) : null}
        {status.status === 'mined' ? (
          <p className="notice notice--success">
            {amountLabel} sent on {chainName}
            {status.blockNumber === undefined ? '' : ` (block ${status.blockNumber})`}.
          </p>
        ) : null}
        {status.status === 'failed' ? (
          <p className="error-message">
            The chain rejected the transaction. Your {symbol} did not move; only the fee was spent.
          </p>
        ) : null}
      </div>
      <p className="field__hint">
        Transaction <span className="mono">{hash}</span>
        {explorerUrl ? (
          <>
            {' '}
            ·{' '}
            <a href={explorerUrl} target="_blank" rel="noreferrer">
              View on explorer
            </a>
          </>
        ) : null}
      </p>
      <DoneActions error={error} again="Send another" onAgain={onSendAnother} />
    </div>
  )
}
