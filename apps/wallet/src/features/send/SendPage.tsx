import { useState } from 'react'
import { useWalletChains } from '../../shared/chains/useWalletChains'
import { EmptyState } from '../../shared/ui/EmptyState'
import { LoadingState } from '../../shared/ui/LoadingState'
import { useEthereumWallet } from '../../shared/useEthereumWallet'
import { ReviewStep } from './ReviewStep'
import { type SendDraft, SendForm, type SendFormValues } from './SendForm'
import { StatusStep } from './StatusStep'
import './send.css'

type Step =
  | { name: 'form' }
  | { name: 'review'; draft: SendDraft }
  | { name: 'status'; draft: SendDraft; hash: `0x${string}` }

/**
 * Send: fill in recipient, asset, chain and amount; review what the scan says will happen (asset
 * changes, warnings, fee); confirm (with MFA when asked); then follow it until it is mined or failed.
 */
export default function SendPage() {
  const wallet = useEthereumWallet()
  const chains = useWalletChains()
  const [step, setStep] = useState<Step>({ name: 'form' })
  const [values, setValues] = useState<SendFormValues>(() => ({
    to: '',
    asset: 'USDC',
    chainId: chains[0]?.id ?? 0,
    amount: '',
  }))
  if (!wallet) return <LoadingState label="Waiting for your wallet…" />
  if (chains.length === 0)
    return (
      <section>
        <h1>Send</h1>
        <EmptyState title="No chain is configured">This wallet has no chain to send on.</EmptyState>
      </section>
    )
  return (
    <section className="send">
      <h1>Send</h1>
      <ol className="send__steps" aria-label="Steps">
        {(['form', 'review', 'status'] as const).map((name, index) => (
          <li key={name} aria-current={step.name === name ? 'step' : undefined} className="send__step">
            {index + 1}. {name === 'form' ? 'Details' : name === 'review' ? 'Review' : 'Status'}
          </li>
        ))}
      </ol>
      {step.name === 'form' ? (
        <SendForm
          wallet={wallet}
          chains={chains}
          values={values}
          onChange={setValues}
          onReview={(draft) => setStep({ name: 'review', draft })}
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
      {step.name === 'status' ? (
        <StatusStep
          wallet={wallet}
          draft={step.draft}
          hash={step.hash}
          onSendAnother={() => {
            setValues((previous) => ({ ...previous, to: '', amount: '' }))
            setStep({ name: 'form' })
          }}
        />
      ) : null}
    </section>
  )
}
