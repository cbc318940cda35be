import { useSatchel } from '@satchel/react'
import { useState } from 'react'
import { useSolanaWallet } from '../../shared/chains/solana/useSolanaWallet'
import { useWalletNetworks } from '../../shared/chains/useWalletNetworks'
import { EmptyState } from '../../shared/ui/EmptyState'
import { LoadingState } from '../../shared/ui/LoadingState'
import { useEthereumWallet } from '../../shared/useEthereumWallet'
import { describeSend } from './describeSend'
import { ReviewStep } from './ReviewStep'
import { type SendDraft, SendForm, type SendFormValues, type SolanaSendDraft } from './SendForm'
import { SolanaReviewStep } from './SolanaReviewStep'
import { StatusStep } from './StatusStep'
import { useSendDraft } from './useSendDraft'
import './send.css'

type Step =
  | { name: 'form' }
  | { name: 'review'; draft: SendDraft }
  | { name: 'solana-review'; draft: SolanaSendDraft }
  | { name: 'status'; draft: SendDraft | SolanaSendDraft; hash: string }

const STEPS = [
  ['form', 'Details'],
  ['review', 'Review'],
  ['status', 'Status'],
] as const

/**
 * Send: fill in recipient, asset, chain and amount; review what will happen (on an EVM chain the
 * scan's asset changes and warnings, on Solana the new token account it opens) and the fee; confirm
 * (with MFA when asked); then follow it until it is confirmed or failed. Picking a Solana cluster
 * sends from the Solana wallet, an EVM chain from the EVM one. What was typed stays while the person
 * visits other screens, until it is sent or cleared.
 */
export default function SendPage() {
  const ethereum = useEthereumWallet()
  const solana = useSolanaWallet()
  const networks = useWalletNetworks()
  const { user } = useSatchel()
  const [step, setStep] = useState<Step>({ name: 'form' })
  const { values, setValues, clear } = useSendDraft(
    user?.id ?? '',
    (): SendFormValues => ({ to: '', asset: 'USDC', network: networks[0]?.key ?? '', amount: '' }),
  )
  const network = networks.find((entry) => entry.key === values.network) ?? networks[0]
  if (!network)
    return (
      <section>
        <h1>Send</h1>
        <EmptyState title="No chain is configured">This wallet has no chain to send on.</EmptyState>
      </section>
    )
  // Once a draft is under review or sent, it names the wallet (the form's values are cleared on send).
  const family = step.name === 'form' ? network.family : step.draft.family
  const wallet = family === 'solana' ? solana : ethereum
  if (!wallet) return <LoadingState label="Waiting for your wallet…" />
  const current = step.name === 'solana-review' ? 'review' : step.name
  const back = () => setStep({ name: 'form' })
  const sent = (draft: SendDraft | SolanaSendDraft) => (hash: string) => {
    // Sent: what was typed is done with, and is not waiting on the form next time.
    clear()
    setStep({ name: 'status', draft, hash })
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
      {step.name === 'form' ? (
        <SendForm
          wallet={wallet}
          networks={networks}
          network={network}
          values={values}
          onChange={setValues}
          onClear={clear}
          onReview={(draft) =>
            setStep(draft.family === 'solana' ? { name: 'solana-review', draft } : { name: 'review', draft })
          }
        />
      ) : null}
      {step.name === 'review' ? (
        <ReviewStep wallet={wallet} draft={step.draft} onBack={back} onSent={sent(step.draft)} />
      ) : null}
      {step.name === 'solana-review' ? (
        <SolanaReviewStep wallet={wallet} draft={step.draft} onBack={back} onSent={sent(step.draft)} />
      ) : null}
      {step.name === 'status' ? (
        <StatusStep
          walletId={wallet.id}
          hash={step.hash}
          {...describeSend(step.draft, step.hash)}
          onSendAnother={() => {
            const { draft } = step
            const network = draft.family === 'solana' ? draft.cluster.caip2 : String(draft.chain.id)
            setValues({ to: '', asset: draft.asset, network, amount: '' })
            back()
          }}
        />
      ) : null}
    </section>
  )
}
