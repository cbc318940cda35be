import { formatAddress, formatWei } from '@satchel/core'
import { type SatchelWallet, useSatchel, walletRpc } from '@satchel/react'
import { useState } from 'react'
import { Link } from '../../app/router/Link'
import { SOL_DECIMALS, SOLANA_USDC_DECIMALS } from '../../shared/chains/solana/readSolanaBalances'
import { getErrorCode } from '../../shared/describeError'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { ConfirmActions } from './ConfirmActions'
import { feeTopUpAmount } from './checkFeeFunds'
import { ReviewSummary } from './ReviewSummary'
import type { SolanaSendDraft } from './SendForm'
import { useSolanaQuote } from './useSolanaQuote'

const sol = (lamports: bigint) => formatWei(lamports, { unitDecimals: SOL_DECIMALS, decimals: 9 })

/**
 * Review before signing on Solana: what moves, to whom, the cluster's fee and, when the recipient has
 * no USDC account yet, the deposit that creates it; a SOL balance that cannot pay is said in words
 * with a way to buy some. Confirm signs and sends through the embedded wallet (the server's
 * `signAndSendTransaction`), asking for a second factor when the app requires one.
 */
export function SolanaReviewStep({
  wallet,
  draft,
  onBack,
  onSent,
}: {
  wallet: SatchelWallet
  draft: SolanaSendDraft
  onBack: () => void
  onSent: (hash: string) => void
}) {
  const { client } = useSatchel()
  const quote = useSolanaQuote(wallet.address, draft)
  const [sending, setSending] = useState<{ pending: boolean; error?: unknown }>({ pending: false })
  const [needsMfa, setNeedsMfa] = useState(false)
  const { cluster } = draft
  const symbol = draft.asset === 'USDC' ? 'USDC' : 'SOL'
  const decimals = draft.asset === 'USDC' ? SOLANA_USDC_DECIMALS : SOL_DECIMALS
  const data = quote.data
  const blocked = !data || data.missing > 0n || data.belowNewAccountMinimum

  const confirm = () => {
    if (!data) return
    setSending({ pending: true })
    walletRpc(client, {
      wallet: wallet.id,
      method: 'signAndSendTransaction',
      params: { transaction: data.transaction, encoding: 'base64' },
      caip2: cluster.caip2,
      idempotencyKey: draft.idempotencyKey,
    }).then(
      (answer) => {
        setSending({ pending: false })
        if (typeof answer.hash === 'string') onSent(answer.hash)
        else setSending({ pending: false, error: new Error('The server did not answer a signature') })
      },
      (error: unknown) => {
        if (getErrorCode(error) === 'missing_or_invalid_mfa') setNeedsMfa(true)
        setSending({ pending: false, error })
      },
    )
  }

  return (
    <div className="send__review">
      <ReviewSummary
        amountLabel={`${formatWei(draft.amount, { unitDecimals: decimals, decimals })} ${symbol}`}
        to={draft.to}
        chainName={cluster.name}
      >
        <dt>Network fee</dt>
        <dd>{data ? `${sol(data.fee)} SOL` : 'Estimating…'}</dd>
        {data && data.deposit > 0n ? (
          <>
            <dt>New USDC account</dt>
            <dd>
              {sol(data.deposit)} SOL, a one-time deposit that opens {formatAddress(draft.to)}’s USDC account
            </dd>
          </>
        ) : null}
      </ReviewSummary>
      <div className="card" aria-live="polite">
        <h2>What will happen</h2>
        {quote.status === 'loading' ? <LoadingState label="Preparing the transaction…" /> : null}
        {quote.status === 'error' && !data ? (
          <ErrorMessage
            title="The transaction could not be prepared"
            error={quote.error}
            onRetry={quote.refresh}
          />
        ) : null}
        {data && data.missing > 0n ? (
          <div className="notice error-message" role="alert">
            <p>
              <strong>You need about {sol(data.missing)} SOL more for this send.</strong>
            </p>
            <p>
              Every transaction on {cluster.name} is paid in SOL
              {data.deposit > 0n ? ', and so is opening the recipient’s USDC account' : ''}. Add some, then
              come back.
            </p>
            <p>
              <Link
                className="button button--secondary"
                to={`/fund?${new URLSearchParams({ chain: cluster.caip2, asset: 'native', amount: feeTopUpAmount(data.missing * 10n ** 9n) })}`}
              >
                Buy SOL for fees
              </Link>
            </p>
          </div>
        ) : null}
        {data?.belowNewAccountMinimum ? (
          <p className="error-message" role="alert">
            This address holds nothing on {cluster.name} yet, and a new Solana account must receive at least{' '}
            {sol(data.newAccountMinimum ?? 0n)} SOL. Send more.
          </p>
        ) : null}
        {data && !blocked ? (
          <p className="notice notice--success">
            {formatAddress(draft.to)} receives {formatWei(draft.amount, { unitDecimals: decimals, decimals })}{' '}
            {symbol}
            {data.deposit > 0n ? ' in a new USDC account' : ''}. You pay {sol(data.totalSol)} SOL in all
            {draft.asset === 'USDC' ? ' in fees' : ''}.
          </p>
        ) : null}
      </div>
      <ConfirmActions
        pending={sending.pending}
        blocked={blocked}
        error={sending.error}
        needsMfa={needsMfa}
        setNeedsMfa={setNeedsMfa}
        onConfirm={confirm}
        onBack={onBack}
      />
    </div>
  )
}
