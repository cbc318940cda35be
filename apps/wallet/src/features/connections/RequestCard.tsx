import { decodeApprovalCall, decodeTypedDataGrants, formatAddress, formatWei } from '@satchel/core'
import { type TransactionScan, useTransactionScan } from '@satchel/react'
import type { ApproveRequestReturnType, WalletConnectRequest } from '@satchel/react/walletconnect-wallet'
import { useEffect, useId, useRef, useState } from 'react'
import { useSolanaClusters } from '../../shared/chains/solana/useSolanaClusters'
import { useWalletChains } from '../../shared/chains/useWalletChains'
import { getErrorCode } from '../../shared/describeError'
import { MfaPrompt } from '../../shared/mfa/MfaPrompt'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { ScanReport } from '../send/ReviewStep'
import { AppIdentity } from './AppIdentity'
import { describeChain } from './describeChain'
import { GrantSummary } from './GrantSummary'
import { getAppDomain } from './getAppDomain'
import { MessageSummary } from './MessageSummary'
import { SolanaTransactionSummary } from './SolanaTransactionSummary'

type Summary = WalletConnectRequest['summary']
type TransactionSummary = Extract<Summary, { kind: 'transaction' }>

const asks: Record<Summary['kind'], string> = {
  message: 'asks you to sign a message',
  typedData: 'asks you to sign data',
  transaction: 'asks you to approve a transaction',
  solanaTransaction: 'asks you to approve a transaction',
  other: 'sent a request',
}

/**
 * One request from a connected app, in words (the message as text, a typed-data summary, or a
 * transaction's recipient, amount, network and the server's scan), with Approve and Reject. Only one
 * is shown at a time; the rest wait their turn.
 */
export function RequestCard({
  request,
  waiting,
  approve,
  reject,
  onAnswered,
}: {
  request: WalletConnectRequest
  waiting: number
  approve: () => Promise<ApproveRequestReturnType>
  reject: () => Promise<void>
  onAnswered: (outcome: { app: string; result: ApproveRequestReturnType | 'rejected' }) => void
}) {
  const [state, setState] = useState<
    { status: 'idle' | 'busy' | 'mfa' } | { status: 'error'; error: unknown }
  >({
    status: 'idle',
  })
  const [acknowledged, setAcknowledged] = useState(false)
  const [scanVerdict, setScanVerdict] = useState<TransactionScan['resultType'] | 'pending'>('pending')
  const id = useId()
  const title = useRef<HTMLParagraphElement>(null)
  // Each request is a card of its own (keyed by id): focus moves to what the app is asking. A frame
  // later, so that arriving here from the badge or the announcement lands on the request, not on the
  // screen's top, where the shell puts focus after each navigation (its effect runs after this one).
  useEffect(() => {
    const frame = requestAnimationFrame(() => title.current?.focus())
    return () => cancelAnimationFrame(frame)
  }, [])
  const appName = request.app?.name ?? 'An app'
  const { summary } = request
  const clusters = useSolanaClusters()

  const run = () => {
    setState({ status: 'busy' })
    approve().then(
      (result) => onAnswered({ app: appName, result }),
      (error: unknown) =>
        setState(
          getErrorCode(error) === 'missing_or_invalid_mfa' ? { status: 'mfa' } : { status: 'error', error },
        ),
    )
  }
  const decline = () => {
    setState({ status: 'busy' })
    reject().then(
      () => onAnswered({ app: appName, result: 'rejected' }),
      (error: unknown) => setState({ status: 'error', error }),
    )
  }
  const busy = state.status === 'busy'
  // A permit is decoded from the full typed data (the summary's text is cut short for display); an
  // approve, increaseAllowance, setApprovalForAll or Permit2 approve from the transaction's calldata.
  const approval = summary.kind === 'transaction' ? decodeApprovalCall(summary) : undefined
  const grants =
    summary.kind === 'typedData' && Array.isArray(request.params)
      ? decodeTypedDataGrants(request.params[1])
      : approval
        ? [approval]
        : []
  // An unlimited allowance is judged as the transaction path judges an unlimited `approve`, and a
  // Solana instruction this wallet cannot read as unknown danger: each has to be acknowledged before
  // Approve works.
  const malicious =
    scanVerdict === 'malicious' ||
    grants.some((grant) => grant.unlimited) ||
    (summary.kind === 'solanaTransaction' && summary.unknown.length > 0)
  return (
    <section className="card connections__request" aria-labelledby={`${id}-title`}>
      <p className="connections__kicker">Request{waiting > 0 ? ` · ${waiting} more waiting` : ''}</p>
      {request.app ? <AppIdentity app={request.app} /> : null}
      <p className="connections__ask" id={`${id}-title`} ref={title} tabIndex={-1}>
        <strong>{appName}</strong> {asks[summary.kind]} on {describeChain(request.caip2, clusters)}.
      </p>
      {summary.kind === 'message' ? <MessageSummary summary={summary} /> : null}
      {grants.length > 0 ? (
        <GrantSummary
          grants={grants}
          chainId={
            summary.kind === 'typedData'
              ? summary.domain.chainId
              : summary.kind === 'transaction'
                ? summary.chainId
                : undefined
          }
        />
      ) : null}
      {summary.kind === 'typedData' ? (
        <dl className="connections__summary">
          <dt>Type</dt>
          <dd>{summary.primaryType ?? 'Unknown'}</dd>
          <dt>For</dt>
          <dd>{summary.domain.name ?? 'Unnamed'}</dd>
          {summary.domain.verifyingContract ? (
            <>
              <dt>Contract</dt>
              <dd className="mono">{summary.domain.verifyingContract}</dd>
            </>
          ) : null}
          {grants.length > 0 ? null : (
            <>
              <dt>Content</dt>
              <dd>
                <pre className="connections__message">{summary.message}</pre>
              </dd>
            </>
          )}
        </dl>
      ) : null}
      {summary.kind === 'transaction' ? (
        <TransactionSummaryView request={request} summary={summary} onVerdict={setScanVerdict} />
      ) : null}
      {summary.kind === 'solanaTransaction' ? (
        <SolanaTransactionSummary caip2={request.caip2} summary={summary} />
      ) : null}
      {summary.kind === 'other' ? (
        <p className="notice notice--warning">
          This request could not be read. Reject it unless you know what it does.
        </p>
      ) : null}
      {malicious ? (
        <div className="connections__acknowledge">
          <input
            id={`${id}-ack`}
            type="checkbox"
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.target.checked)}
          />
          <label htmlFor={`${id}-ack`}>
            I understand this request looks dangerous and want to approve it anyway
          </label>
        </div>
      ) : null}
      {state.status === 'mfa' ? (
        <MfaPrompt
          reason="This app asks for a second factor before your wallet signs."
          onVerified={run}
          onCancel={() => setState({ status: 'idle' })}
        />
      ) : null}
      {state.status === 'error' ? <ErrorMessage title="Not answered" error={state.error} /> : null}
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={busy || state.status === 'mfa' || (malicious && !acknowledged)}
          onClick={run}
        >
          {busy
            ? 'Working…'
            : (summary.kind === 'transaction' || summary.kind === 'solanaTransaction') && summary.send
              ? 'Approve and send'
              : 'Approve'}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={decline}>
          Reject
        </button>
      </div>
    </section>
  )
}

function TransactionSummaryView({
  request,
  summary,
  onVerdict,
}: {
  request: WalletConnectRequest
  summary: TransactionSummary
  onVerdict: (verdict: TransactionScan['resultType']) => void
}) {
  const chains = useWalletChains()
  const chain = chains.find((entry) => entry.id === summary.chainId)
  // The scan judges the site that asks (the dApp), not the wallet that shows the request.
  const domain = getAppDomain(request.app)
  const transaction = Array.isArray(request.params) ? request.params[0] : undefined
  const from =
    typeof transaction === 'object' &&
    transaction !== null &&
    'from' in transaction &&
    typeof transaction.from === 'string'
      ? transaction.from
      : ''
  const scan = useTransactionScan(
    {
      transaction: {
        ...(from ? { from } : {}),
        ...(summary.to ? { to: summary.to } : {}),
        ...(summary.data ? { data: summary.data } : {}),
        value: summary.value,
        ...(summary.chainId === undefined ? {} : { chainId: summary.chainId }),
      },
      chainId: summary.chainId ?? 0,
      metadata: domain ? { domain } : {},
    },
    // A request that names no chain cannot be simulated: it stays "Checking…" and is judged unscanned.
    { enabled: summary.chainId !== undefined },
  )
  const verdict = scan.data?.resultType
  useEffect(() => {
    if (verdict) onVerdict(verdict)
  }, [verdict, onVerdict])

  return (
    <>
      <dl className="connections__summary">
        <dt>To</dt>
        <dd className="mono">{summary.to ?? 'A new contract'}</dd>
        <dt>Amount</dt>
        <dd>
          {formatWei(summary.value, { decimals: 6 })} {chain?.nativeSymbol ?? 'ETH'}
        </dd>
        <dt>Network</dt>
        <dd>{chain?.name ?? describeChain(request.caip2)}</dd>
        {/* The fee the check's simulation measured: paid whatever the app's transaction does. */}
        <dt>Network fee</dt>
        <dd>
          {scan.isPending
            ? 'Estimating…'
            : scan.data?.fee === undefined
              ? 'Not known: the check could not simulate it'
              : `${formatWei(scan.data.fee, { decimals: 6 })} ${chain?.nativeSymbol ?? 'ETH'}`}
        </dd>
        {summary.data ? (
          <>
            <dt>Contract call</dt>
            <dd className="mono">
              {summary.data.length > 74 ? `${summary.data.slice(0, 74)}…` : summary.data}
            </dd>
          </>
        ) : null}
        {from ? (
          <>
            <dt>From</dt>
            <dd className="mono">{formatAddress(from)}</dd>
          </>
        ) : null}
      </dl>
      <div aria-live="polite">
        <h3>What will happen</h3>
        {scan.isPending ? <LoadingState label="Checking the transaction…" /> : null}
        {scan.isError ? (
          <ErrorMessage
            title="The transaction could not be checked"
            error={scan.error}
            onRetry={scan.refetch}
          />
        ) : null}
        {scan.data ? <ScanReport scan={scan.data} self={from} /> : null}
      </div>
    </>
  )
}
