import { formatWei } from '@satchel/core'
import { useState } from 'react'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import { SOL_DECIMALS, SOLANA_USDC_DECIMALS } from '../../shared/chains/solana/readSolanaBalances'
import { useSolanaWallet } from '../../shared/chains/solana/useSolanaWallet'
import { useWalletNetworks } from '../../shared/chains/useWalletNetworks'
import { EmptyState } from '../../shared/ui/EmptyState'
import { LoadingState } from '../../shared/ui/LoadingState'
import { useEthereumWallet } from '../../shared/useEthereumWallet'
import { ReviewStep } from './ReviewStep'
import { type SendDraft, SendForm, type SendFormValues } from './SendForm'
import { SolanaReviewStep } from './SolanaReviewStep'
import { type SolanaSendDraft, SolanaSendForm } from './SolanaSendForm'
import { StatusStep } from './StatusStep'
import './send.css'

type Step =
  | { name: 'form' }
  | { name: 'review'; draft: SendDraft }
  | { name: 'status'; draft: SendDraft; hash: `0x${string}` }
  | { name: 'solana-review'; draft: SolanaSendDraft }
  | { name: 'solana-status'; draft: SolanaSendDraft; hash: string }

const STEPS = [
  ['form', 'Details'],
  ['review', 'Review'],
  ['status', 'Status'],
] as const

/**
 * Send: fill in recipient, asset, chain and amount; review what will happen (on an EVM chain the
 * scan's asset changes and warnings, on Solana the new token account it opens) and the fee; confirm
 * (with MFA when asked); then follow it until it is confirmed or failed. Picking a Solana cluster
 * switches the form to the Solana wallet, and back.
 */
export default function SendPage() {
  const ethereum = useEthereumWallet()
  const solana = useSolanaWallet()
  const networks = useWalletNetworks()
  const [step, setStep] = useState<Step>({ name: 'form' })
  const [values, setValues] = useState<SendFormValues>(() => ({
    to: '',
    asset: 'USDC',
    network: networks[0]?.key ?? '',
    amount: '',
  }))
  const network = networks.find((entry) => entry.key === values.network) ?? networks[0]
  if (networks.length === 0 || !network)
    return (
      <section>
        <h1>Send</h1>
        <EmptyState title="No chain is configured">This wallet has no chain to send on.</EmptyState>
      </section>
    )
  const wallet = network.family === 'solana' ? solana : ethereum
  if (!wallet) return <LoadingState label="Waiting for your wallet…" />
  const current = step.name.replace('solana-', '')
  const sendAnother = () => {
    setValues((previous) => ({ ...previous, to: '', amount: '' }))
    setStep({ name: 'form' })
  }
  return (
    <section className="send">
      <h1>Send</h1>
      <ol className="send__steps" aria-label="Steps">
        {STEPS.map(([name, label], index) => (
          <li key={name} aria-current={current === name ? 'step' : undefined} className="send__step">
            {index + 1}. {label}
          </li>
        ))}
      </ol>
      {step.name === 'form' && network.family === 'evm' ? (
        <SendForm
          wallet={wallet}
          networks={networks}
          chain={network.chain}
          values={values}
          onChange={setValues}
          onReview={(draft) => setStep({ name: 'review', draft })}
        />
      ) : null}
      {step.name === 'form' && network.family === 'solana' ? (
        <SolanaSendForm
          wallet={wallet}
          networks={networks}
          cluster={network.cluster}
          values={values}
          onChange={setValues}
          onReview={(draft) => setStep({ name: 'solana-review', draft })}
        />
      ) : null}
      {step.name === 'review' ? (
        <ReviewStep
          wallet={wallet}
          draft={step.draft}
          onBack={() => setStep({ name: 'form' })}
          onSent={(hash) => setStep({ name: 'status', draft: step.draft, hash })}
        />
      ) : null}
      {step.name === 'solana-review' ? (
        <SolanaReviewStep
          wallet={wallet}
          draft={step.draft}
          onBack={() => setStep({ name: 'form' })}
          onSent={(hash) => setStep({ name: 'solana-status', draft: step.draft, hash })}
        />
      ) : null}
      {step.name === 'status' ? (
        <StatusStep
          walletId={wallet.id}
          hash={step.hash}
          amountLabel={`${formatWei(step.draft.amount, {
            unitDecimals: step.draft.asset === 'USDC' ? USDC_DECIMALS : 18,
            decimals: step.draft.asset === 'USDC' ? 6 : 18,
          })} ${step.draft.asset === 'USDC' ? 'USDC' : step.draft.chain.nativeSymbol}`}
          symbol={step.draft.asset === 'USDC' ? 'USDC' : step.draft.chain.nativeSymbol}
          chainName={step.draft.chain.name}
          explorerUrl={
            step.draft.chain.explorerUrl ? `${step.draft.chain.explorerUrl}/tx/${step.hash}` : undefined
          }
          onSendAnother={sendAnother}
        />
      ) : null}
      {step.name === 'solana-status' ? (
        <StatusStep
          walletId={wallet.id}
          hash={step.hash}
          amountLabel={`${formatWei(step.draft.amount, {
            unitDecimals: step.draft.asset === 'USDC' ? SOLANA_USDC_DECIMALS : SOL_DECIMALS,
            decimals: step.draft.asset === 'USDC' ? SOLANA_USDC_DECIMALS : SOL_DECIMALS,
          })} ${step.draft.asset === 'USDC' ? 'USDC' : 'SOL'}`}
          symbol={step.draft.asset === 'USDC' ? 'USDC' : 'SOL'}
          chainName={step.draft.cluster.name}
          explorerUrl={
            step.draft.cluster.explorerCluster
              ? `https://explorer.solana.com/tx/${step.hash}?cluster=${step.draft.cluster.explorerCluster}`
              : undefined
          }
          onSendAnother={sendAnother}
        />
      ) : null}
    </section>
  )
}
