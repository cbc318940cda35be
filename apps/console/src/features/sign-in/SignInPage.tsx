import { useLoginWithEmail } from '@satchel/react'
import { type FormEvent, useState } from 'react'
import { CodeInput } from '../../shared/ui/CodeInput'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { Field } from '../../shared/ui/Field'

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The operator's sign-in: an email code, with Satchel itself (the operator app). Only invited
 * emails become operators; anyone else is told so by the first screen they open.
 *
 * @example
 * <SignInPage />
 */
export default function SignInPage() {
  const { state, sendCode, loginWithCode } = useLoginWithEmail()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [step, setStep] = useState<'email' | 'code'>('email')
  const [invalid, setInvalid] = useState(false)
  const error = state.status === 'error' ? state.error : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (step === 'code') {
      void loginWithCode({ code: code.trim() }).catch(() => {})
      return
    }
    const address = email.trim()
    setInvalid(!emailPattern.test(address))
    if (emailPattern.test(address))
      sendCode({ email: address }).then(
        () => setStep('code'),
        () => {},
      )
  }

  return (
    <main className="page-center">
      <form className="card sign-in stack" onSubmit={submit} noValidate>
        <h1>Satchel console</h1>
        <p className="muted">Sign in with the email address you were invited with.</p>
        {step === 'email' ? (
          <Field
            label="Email address"
            problem={invalid ? 'Enter an email address such as name@example.com' : undefined}
          >
            {(props) => (
              <input
                {...props}
                className="input"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
        ) : (
          <CodeInput label={`Code sent to ${email.trim()}`} value={code} onChange={setCode} />
        )}
        {error ? <ErrorMessage error={error} /> : null}
        <button
          type="submit"
          className="button"
          disabled={state.status === 'sending-code' || state.status === 'submitting-code'}
        >
          {state.status === 'sending-code'
            ? 'Sending code…'
            : state.status === 'submitting-code'
              ? 'Signing in…'
              : step === 'email'
                ? 'Send code'
                : 'Sign in'}
        </button>
        {step === 'code' ? (
          <button type="button" className="button button--secondary" onClick={() => setStep('email')}>
            Use another email
          </button>
        ) : null}
      </form>
    </main>
  )
}
