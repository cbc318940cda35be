import { formatAddress, formatWei } from '@satchel/core'
import {
  type SatchelWallet,
  type ScanAssetChange,
  type TransactionScan,
  useSatchel,
  useSendTransaction,
  useTransactionScan,
} from '@satchel/react'
import { useId, useState } from 'react'
import { Link } from '../../app/router/Link'
import { createChainReader } from '../../shared/chains/createChainReader'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import { getErrorCode } from '../../shared/describeError'
import { usePolling } from '../../shared/hooks/usePolling'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { ConfirmActions } from './ConfirmActions'
import {
  feeTopUpAmount,
  formatAboutEth,
  missingForFee,
  TOKEN_TRANSFER_GAS,
  TRANSFER_GAS,
} from './checkFeeFunds'
import { ReviewSummary } from './ReviewSummary'
import type { SendDraft } from './SendForm'

/**
 * Review before signing: what the server's scan says will move (asset changes), its warnings, the
 * estimated fee, then Confirm. A malicious verdict needs an explicit "I understand"; an MFA demand
 * asks for the code and sends the same transaction (same idempotency key) again.
 */
export function ReviewStep({
  wallet,
  draft,
  onBack,
  onSent,
}: {
  wallet: SatchelWallet
  draft: SendDraft
  onBack: () => void
  onSent: (hash: `0x${string}`) => void
}) {
  const { sendTransaction, isPending, error, reset } = useSendTransaction()
  const [acknowledged, setAcknowledged] = useState(false)
  const [needsMfa, setNeedsMfa] = useState(false)
  const id = useId()
  const { chain } = draft
  const symbol = draft.asset === 'USDC' ? 'USDC' : chain.nativeSymbol
  const decimals = draft.asset === 'USDC' ? USDC_DECIMALS : 18
  const scan = useTransactionScan({ transaction: draft.transaction, chainId: chain.id })
  const { client } = useSatchel()
  // The native coin pays the fee whatever is sent: read it, and the gas price for when the scan
  // gives no fee, so that a person with USDC and no ETH hears it here rather than after Confirm.
  const funds = usePolling(
    async () => {
      const reader = createChainReader(client, chain)
      const [nativeBalance, gasPrice] = await Promise.all([
        reader.getNativeBalance(wallet.address),
        reader.getGasPrice(),
      ])
      return { nativeBalance, gasPrice }
    },
    `${wallet.address}:${chain.id}:fee`,
    5000,
  )
  const fee =
    scan.data?.fee ??
    (funds.data
      ? funds.data.gasPrice * (draft.asset === 'USDC' ? TOKEN_TRANSFER_GAS : TRANSFER_GAS)
      : undefined)
  const missing =
    funds.data && fee !== undefined && !scan.isPending
      ? missingForFee({
          nativeBalance: funds.data.nativeBalance,
          fee,
          value: draft.asset === 'USDC' ? 0n : draft.amount,
        })
      : undefined
  const short = missing !== undefined && missing > 0n

  const confirm = () => {
    reset()
    sendTransaction({
      transaction: draft.transaction,
      wallet: wallet.id,
      idempotencyKey: draft.idempotencyKey,
    }).then(
      ({ hash }) => onSent(hash),
      (sendError: unknown) => {
        if (getErrorCode(sendError) === 'missing_or_invalid_mfa') setNeedsMfa(true)
      },
    )
  }

  const malicious = scan.data?.resultType === 'malicious'
  return (
    <div className="send__review">
      <ReviewSummary
        amountLabel={`${formatWei(draft.amount, { unitDecimals: decimals, decimals: draft.asset === 'USDC' ? 6 : 18 })} ${symbol}`}
        to={draft.to}
        chainName={chain.name}
      >
        <dt>Estimated fee</dt>
        <dd>
          {scan.data
            ? scan.data.fee === undefined
              ? 'Not available'
              : `${formatWei(scan.data.fee, { decimals: 6 })} ${chain.nativeSymbol}`
            : scan.isPending
              ? 'Estimating…'
              : 'Not available'}
        </dd>
      </ReviewSummary>
      <div className="card" aria-live="polite">
        <h2>What will happen</h2>
        {scan.isPending ? <LoadingState label="Checking the transaction…" /> : null}
        {scan.isError ? (
          <ErrorMessage
            title="The transaction could not be checked"
            error={scan.error}
            onRetry={scan.refetch}
          />
        ) : null}
        {short ? (
          <div className="notice error-message" role="alert">
            <p>
              <strong>
                You need about {formatAboutEth(missing)} {chain.nativeSymbol} more for the network fee.
              </strong>
            </p>
            <p>
              Every transaction on {chain.name} is paid in {chain.nativeSymbol}, whatever you send
              {draft.asset === 'USDC' ? '' : ', on top of the amount'}. Add some, then come back.
            </p>
            <p>
              <Link
                className="button button--secondary"
                to={`/fund?${new URLSearchParams({ chain: String(chain.id), asset: 'native', amount: feeTopUpAmount(missing) })}`}
              >
                Buy {chain.nativeSymbol} for fees
              </Link>
            </p>
          </div>
        ) : scan.data ? (
          <ScanReport scan={scan.data} self={wallet.address} />
        ) : null}
        {short && scan.data && scan.data.resultType !== 'benign' ? (
          <ScanReport scan={scan.data} self={wallet.address} />
        ) : null}
      </div>
      {malicious ? (
        <div className="send__acknowledge">
          <input
            id={id}
            type="checkbox"
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.target.checked)}
          />
          <label htmlFor={id}>I understand this transaction looks dangerous and want to send it anyway</label>
        </div>
      ) : null}
      <ConfirmActions
        pending={isPending}
        blocked={scan.isPending || funds.status === 'loading' || short || (malicious && !acknowledged)}
        error={error}
        needsMfa={needsMfa}
        setNeedsMfa={setNeedsMfa}
        onConfirm={confirm}
        onBack={onBack}
      />
    </div>
  )
}

function describeChange(change: ScanAssetChange, self: string): string {
  const mine = (address: string) => address.toLowerCase() === self.toLowerCase()
  const symbol = change.symbol ?? (change.assetType === 'native' ? 'ETH' : 'tokens')
  const amount = change.unlimited
    ? 'an unlimited amount of'
    : formatWei(change.amount, { unitDecimals: change.decimals ?? 18, decimals: change.decimals ?? 6 })
  const from = mine(change.from) ? 'You' : formatAddress(change.from)
  const to = mine(change.to) ? 'you' : formatAddress(change.to)
  if (change.kind === 'approval') return `${from} allow ${to} to spend ${amount} ${symbol}`
  return `${from} send ${amount} ${symbol} to ${to}`
}

/** What the server's scan says a transaction will do: its verdict, reasons, and asset moves. */
export function ScanReport({ scan, self }: { scan: TransactionScan; self: string }) {
  return (
    <>
      {scan.resultType === 'benign' ? (
        <p className="notice notice--success">No problem found.</p>
      ) : (
        <div
          className={`notice ${scan.resultType === 'malicious' ? 'error-message' : 'notice--warning'}`}
          role="alert"
        >
          <p>
            <strong>
              {scan.resultType === 'malicious'
                ? 'Danger: this looks like a scam.'
                : 'Check this before you send:'}
            </strong>
          </p>
          <ul className="send__reasons">
            {scan.reasons.map((reason) => (
              <li key={reason.code + reason.message}>{reason.message}</li>
            ))}
          </ul>
        </div>
      )}
      {scan.assetChanges.length === 0 ? (
        <p className="muted">No asset moves.</p>
      ) : (
        <ul className="send__changes">
          {scan.assetChanges.map((change) => (
            <li key={`${change.kind}:${change.from}:${change.to}:${change.amount}`}>
              {describeChange(change, self)}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
