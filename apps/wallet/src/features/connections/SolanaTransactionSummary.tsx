import { formatAddress, formatWei } from '@satchel/core'
import type { WalletConnectRequest } from '@satchel/react/walletconnect-wallet'
import { SOL_DECIMALS, SOLANA_USDC_DECIMALS } from '../../shared/chains/solana/readSolanaBalances'
import { useSolanaClusters } from '../../shared/chains/solana/useSolanaClusters'
import { useSolanaWallet } from '../../shared/chains/solana/useSolanaWallet'
import { describeChain } from './describeChain'

type Summary = Extract<WalletConnectRequest['summary'], { kind: 'solanaTransaction' }>
type Transfer = Summary['transfers'][number]

const sol = (lamports: bigint) => `${formatWei(lamports, { unitDecimals: SOL_DECIMALS, decimals: 9 })} SOL`

/**
 * A Solana transaction an app asks for, in words: each transfer it makes (SOL, USDC or another token
 * in its units, from whom and to which address in full), the cluster, the fee and who pays it. Any
 * instruction the wallet cannot read is a danger notice naming its program, since it could do anything.
 */
export function SolanaTransactionSummary({ caip2, summary }: { caip2: string; summary: Summary }) {
  const clusters = useSolanaClusters()
  const cluster = clusters.find((entry) => entry.caip2 === caip2)
  const self = useSolanaWallet()?.address
  const who = (address: string) => (address === self ? 'you' : formatAddress(address))
  const amount = (transfer: Transfer) => {
    if (transfer.asset === 'SOL') return sol(transfer.amount)
    if (transfer.mint !== undefined && transfer.mint === cluster?.usdcMint)
      return `${formatWei(transfer.amount, { unitDecimals: SOLANA_USDC_DECIMALS, decimals: SOLANA_USDC_DECIMALS })} USDC`
    const token = transfer.mint ? `of token ${formatAddress(transfer.mint)}` : 'of a token'
    return transfer.decimals === undefined
      ? `${transfer.amount.toString()} units ${token}`
      : `${formatWei(transfer.amount, { unitDecimals: transfer.decimals, decimals: transfer.decimals })} ${token}`
  }
  return (
    <>
      {summary.unknown.length > 0 ? (
        <div className="notice error-message" role="alert">
          <p>
            <strong>Danger: this transaction does things this wallet cannot read.</strong>
          </p>
          <p>
            It runs instructions of {summary.unknown.map((program) => formatAddress(program)).join(', ')}.
            They could move or give away anything your wallet holds. Reject it unless you trust the app.
          </p>
        </div>
      ) : null}
      <h3>What will happen</h3>
      <ul className="send__changes">
        {summary.transfers.map((transfer, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the request's life
          <li key={index}>
            Send {amount(transfer)} from {who(transfer.from)} to{' '}
            {transfer.asset === 'token' ? 'the token account ' : ''}
            <span className="mono">{transfer.to}</span>
          </li>
        ))}
        {summary.transfers.length === 0 && summary.unknown.length === 0 ? (
          <li>No SOL or tokens move.</li>
        ) : null}
      </ul>
      <dl className="connections__summary">
        <dt>Network</dt>
        <dd>{describeChain(caip2, clusters)}</dd>
        <dt>Network fee</dt>
        <dd>{sol(summary.fee)}</dd>
        <dt>Fee paid by</dt>
        <dd>{summary.feePayer === self ? 'You' : <span className="mono">{summary.feePayer}</span>}</dd>
      </dl>
    </>
  )
}
