import { useLoginWithEmail } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { TextField } from '../../shared/ui/TextField'
import { CodeStep } from './CodeStep'

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Sign-in with a code sent by email.
 *
 * @example
 * <EmailSignIn />
 */
export function EmailSignIn() {
  const { state, sendCode, loginWithCode } = useLoginWithEmail()
  const [email, setEmail] = useState('')
  const [step, setStep] = useState<'email' | 'code'>('email')
  const [invalid, setInvalid] = useState(false)
  const id = useId()
  const error = state.status === 'error' ? state.error : undefined

  const send = (event?: FormEvent) => {
    event?.preventDefault()
    const address = email.trim()
    if (!emailPattern.test(address)) {
      setInvalid(true)
      return
    }
    setInvalid(false)
    sendCode({ email: address }).then(
      () => setStep('code'),
      () => {},
    )
  }

  if (step === 'code')
    return (
      <CodeStep
        destination={email.trim()}
        pending={state.status === 'submitting-code'}
        error={error}
        onSubmit={(code) => void loginWithCode({ code }).catch(() => {})}
        onResend={() => send()}
        onChangeDestination={() => setStep('email')}
        changeLabel="Use another email"
      />
    )
  return (
    <form onSubmit={send} noValidate>
      <TextField
        id={id}
        label="Email address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={invalid && 'Enter an email address such as name@example.com'}
      />
      {error ? <ErrorMessage error={error} /> : null}
      <button type="submit" className="button button--block" disabled={state.status === 'sending-code'}>
        {state.status === 'sending-code' ? 'Sending code…' : 'Send code'}
      </button>
    </form>
  )
}
