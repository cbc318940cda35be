import { type FormEvent, useState } from 'react'
import { loginWithEmail, sendEmailCode } from '../client/actions/loginWithEmail'
import type { SatchelClient } from '../client/createSatchelClient'
import { CodeForm } from './CodeForm'
import { describeError } from './describeError'
import { ErrorAlert } from './ErrorAlert'

export type EmailStep = 'address' | 'sending' | 'code'

/**
 * Email login inside the modal: the address, then the code.
 *
 * @example
 * <EmailScreen client={client} />
 */
export function EmailScreen({
  client,
  onStep,
}: {
  client: SatchelClient
  onStep?: ((step: EmailStep) => void) | undefined
}) {
  const [email, setEmail] = useState('')
  const [step, setStepState] = useState<EmailStep>('address')
  const setStep = (next: EmailStep) => {
    setStepState(next)
    onStep?.(next)
  }
  const [error, setError] = useState<string>()

  const send = async (event?: FormEvent) => {
    event?.preventDefault()
    setStep('sending')
    setError(undefined)
    try {
      await sendEmailCode(client, { email: email.trim() })
      setStep('code')
    } catch (failure) {
      setError(describeError(failure))
      setStep('address')
    }
  }

  if (step === 'code') {
    return (
      <CodeForm
        sentTo={email.trim()}
        onSubmit={(code) => loginWithEmail(client, { email: email.trim(), code })}
        onResend={() => sendEmailCode(client, { email: email.trim() })}
        onBack={() => setStep('address')}
      />
    )
  }
  return (
    <form className="satchel-form" onSubmit={send}>
      <label className="satchel-label" htmlFor="satchel-email">
        Email
      </label>
      <input
        id="satchel-email"
        className="satchel-input"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button className="satchel-button satchel-button--primary" type="submit" disabled={step === 'sending'}>
        {step === 'sending' ? 'Sending code…' : 'Continue with email'}
      </button>
      {step === 'sending' && (
        <p className="satchel-status" role="status">
          Sending a code to {email.trim()}…
        </p>
      )}
      <ErrorAlert error={error} />
    </form>
  )
}
