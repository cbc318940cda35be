import { OTP_LENGTH } from '@satchel/core'
import { type FormEvent, useId, useState } from 'react'
import { getErrorCode } from '../../shared/describeError'
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
  // After five wrong tries the server burns the code: even the right one cannot work any more, so the
  // only way on is a new code, offered in place of "Sign in".
  const burnt = getErrorCode(error) === 'code_attempts_exceeded'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(code)
  }
  const resend = () => {
    setCode('')
    onResend()
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>
        We sent a {OTP_LENGTH}-digit code to <strong>{destination}</strong>. It is valid for 10 minutes.
      </p>
      <CodeField id={id} label="Code" value={code} onChange={setCode} invalid={Boolean(error)} autoFocus />
      {error ? <ErrorMessage error={error} /> : null}
      <button
        type={burnt ? 'button' : 'submit'}
        className="button button--block"
        onClick={burnt ? resend : undefined}
        disabled={!burnt && (pending || code.length !== OTP_LENGTH)}
      >
        {burnt ? 'Request a new code' : pending ? 'Signing in…' : 'Sign in'}
      </button>
      <div className="actions">
        {burnt ? null : (
          <button type="button" className="button button--secondary button--small" onClick={resend}>
            Send a new code
          </button>
        )}
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
