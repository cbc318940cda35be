import { OTP_LENGTH } from '@satchel/core'
import { type FormEvent, useState } from 'react'
import { attempt } from './attempt'
import { ErrorAlert } from './ErrorAlert'

export type CodeFormProps = {
  /** Where the code went, as shown to the user. */
  sentTo: string
  onSubmit: (code: string) => Promise<unknown>
  onResend: () => Promise<unknown>
  onBack: () => void
}

/**
 * Entry of the 6-digit code sent by email or text, with its wait and its error in words.
 *
 * @example
 * <CodeForm sentTo="ada@example.com" onSubmit={verify} onResend={send} onBack={back} />
 */
export function CodeForm({ sentTo, onSubmit, onResend, onBack }: CodeFormProps) {
  const [code, setCode] = useState('')
  const [status, setStatus] = useState<'idle' | 'checking' | 'resending' | 'resent'>('idle')
  const [error, setError] = useState<string>()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setStatus('checking')
    // Signed in: the modal closes, so the form stays as it is.
    if (!(await attempt(setError, () => onSubmit(code)))) setStatus('idle')
  }
  const resend = async () => {
    setStatus('resending')
    setStatus((await attempt(setError, onResend)) ? 'resent' : 'idle')
  }

  return (
    <form className="satchel-form" onSubmit={submit}>
      <label className="satchel-label" htmlFor="satchel-code">
        Enter the code sent to {sentTo}
      </label>
      <input
        id="satchel-code"
        className="satchel-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`\\d{${OTP_LENGTH}}`}
        maxLength={OTP_LENGTH}
        required
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      />
      <button
        className="satchel-button satchel-button--primary"
        type="submit"
        disabled={status === 'checking' || code.length !== OTP_LENGTH}
      >
        {status === 'checking' ? 'Checking…' : 'Continue'}
      </button>
      {status === 'checking' && (
        <p className="satchel-status" role="status">
          Checking your code…
        </p>
      )}
      {status === 'resent' && (
        <p className="satchel-status" role="status">
          A new code is on its way.
        </p>
      )}
      <ErrorAlert error={error} />
      <div className="satchel-row">
        <button type="button" className="satchel-link" onClick={onBack}>
          Back
        </button>
        <button type="button" className="satchel-link" onClick={resend} disabled={status === 'resending'}>
          {status === 'resending' ? 'Sending…' : 'Send a new code'}
        </button>
      </div>
    </form>
  )
}
