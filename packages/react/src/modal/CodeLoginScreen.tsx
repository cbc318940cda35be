import { type FormEvent, type ReactNode, useState } from 'react'
import { attempt } from './attempt'
import { CodeForm } from './CodeForm'
import { ErrorAlert } from './ErrorAlert'

/** Where a code login inside the modal stands. */
export type CodeLoginStep = 'address' | 'sending' | 'code'

export type CodeLoginScreenProps = {
  /** The address the code goes to, as sent and as shown. */
  sentTo: string
  /** Why the address cannot be sent to, if it cannot: shown instead of sending. */
  invalid?: string | undefined
  /** The submit button's words, e.g. `Continue with email`. */
  submitLabel: string
  send: () => Promise<void>
  login: (code: string) => Promise<unknown>
  onStep?: ((step: CodeLoginStep) => void) | undefined
  /** The address's label and fields. */
  children: ReactNode
}

/**
 * What the email and SMS logins of the modal share: the address form, a send that shows its wait and
 * its error, then the code. Each screen brings only its own address fields.
 *
 * @example
 * <CodeLoginScreen sentTo={email} submitLabel="Continue with email" send={send} login={login}>
 *   <input type="email" … />
 * </CodeLoginScreen>
 */
export function CodeLoginScreen({
  sentTo,
  invalid,
  submitLabel,
  send,
  login,
  onStep,
  children,
}: CodeLoginScreenProps) {
  const [step, setStepState] = useState<CodeLoginStep>('address')
  const setStep = (next: CodeLoginStep) => {
    setStepState(next)
    onStep?.(next)
  }
  const [error, setError] = useState<string>()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (invalid !== undefined) {
      setError(invalid)
      return
    }
    setStep('sending')
    setStep((await attempt(setError, send)) ? 'code' : 'address')
  }

  if (step === 'code')
    return <CodeForm sentTo={sentTo} onSubmit={login} onResend={send} onBack={() => setStep('address')} />
  return (
    <form className="satchel-form" onSubmit={submit}>
      {children}
      <button className="satchel-button satchel-button--primary" type="submit" disabled={step === 'sending'}>
        {step === 'sending' ? 'Sending code…' : submitLabel}
      </button>
      {step === 'sending' && (
        <p className="satchel-status" role="status">
          Sending a code to {sentTo}…
        </p>
      )}
      <ErrorAlert error={error} />
    </form>
  )
}
