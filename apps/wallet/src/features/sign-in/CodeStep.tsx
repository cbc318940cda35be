import { OTP_LENGTH } from '@satchel/core'
import { type FormEvent, useId, useState } from 'react'
import { CodeField } from '../../shared/ui/CodeField'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'

/**
 * The second step of a code sign-in: the 6-digit code sent to `destination`, with ways back.
 *
 * @example
 * <CodeStep destination="ada@example.com" onSubmit={(code) => loginWithCode({ code })} ... />
 */
export function CodeStep({
  destination,
  pending,
  error,
  onSubmit,
  onResend,
  onChangeDestination,
  changeLabel,
}: {
  destination: string
  pending: boolean
  error: unknown
  onSubmit: (code: string) => void
  onResend: () => void
  onChangeDestination: () => void
  changeLabel: string
}) {
  const [code, setCode] = useState('')
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(code)
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>
        We sent a {OTP_LENGTH}-digit code to <strong>{destination}</strong>. It is valid for 10 minutes.
      </p>
      <CodeField id={id} label="Code" value={code} onChange={setCode} invalid={Boolean(error)} autoFocus />
      {error ? <ErrorMessage error={error} /> : null}
      <button type="submit" className="button button--block" disabled={pending || code.length !== OTP_LENGTH}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
      <div className="actions">
        <button type="button" className="button button--secondary button--small" onClick={onResend}>
          Send a new code
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={onChangeDestination}
        >
          {changeLabel}
        </button>
      </div>
    </form>
  )
}
