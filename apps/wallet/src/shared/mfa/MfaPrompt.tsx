import { OTP_LENGTH } from '@satchel/core'
import { type MfaMethod, useMfa } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { PromptActions } from '../stepUp/PromptActions'
import { CodeField } from '../ui/CodeField'
import { ErrorMessage } from '../ui/ErrorMessage'
import { TextField } from '../ui/TextField'

type Choice = MfaMethod | 'passkey' | 'backup'

const labels: Record<Choice, string> = {
  totp: 'Authenticator app',
  sms: 'Text message',
  passkey: 'Passkey',
  backup: 'Backup code',
}
const isChoice = (method: string): method is Choice =>
  method === 'totp' || method === 'sms' || method === 'passkey'
/** A backup code as the server formats it (10 characters, a dash in the middle), typed any way. */
const isBackupCode = (code: string) => code.replace(/[\s-]/g, '').length === 10

/**
 * Asks for a second factor (a code from the authenticator app or a text, a passkey, or one of the
 * backup codes that came with the authenticator app) before a
 * sensitive action (export, a send when the app requires MFA, an MFA change).
 * A verified code covers sensitive actions for 15 minutes.
 *
 * @example
 * <MfaPrompt reason="Exporting your key needs a second factor." onVerified={retry} onCancel={close} />
 */
export function MfaPrompt({
  reason,
  onVerified,
  onCancel,
}: {
  reason: string
  onVerified: () => void
  onCancel: () => void
}) {
  const { methods, verify, verifyPasskey, verifyBackupCode, sendSmsCode } = useMfa()
  const enrolled = methods.filter(isChoice)
  // Backup codes come with an authenticator app: the way in when the phone with it is lost.
  const usable: Choice[] = enrolled.includes('totp') ? [...enrolled, 'backup'] : enrolled
  const [method, setMethod] = useState<Choice | undefined>(usable[0])
  const [code, setCode] = useState('')
  const [state, setState] = useState<
    { status: 'idle' | 'sending' | 'sent' | 'verifying' } | { status: 'error'; error: unknown }
  >({ status: 'idle' })
  const id = useId()

  if (!method)
    return (
      <section className="mfa-prompt card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Confirm it's you</h2>
        <p>{reason}</p>
        <p>Set up a second factor in Settings first, then try again.</p>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Close
        </button>
      </section>
    )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setState({ status: 'verifying' })
    const verified =
      method === 'passkey'
        ? verifyPasskey()
        : method === 'backup'
          ? verifyBackupCode({ code })
          : verify({ method, code })
    verified.then(onVerified, (error: unknown) => setState({ status: 'error', error }))
  }
  const textMe = () => {
    setState({ status: 'sending' })
    sendSmsCode().then(
      () => setState({ status: 'sent' }),
      (error: unknown) => setState({ status: 'error', error }),
    )
  }
  return (
    <form className="mfa-prompt card" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>Confirm it's you</h2>
      <p>{reason}</p>
      {usable.length > 1 ? (
        <fieldset className="segmented">
          <legend className="field__label">Second factor</legend>
          {usable.map((option) => (
            <label key={option} className="segmented__option">
              <input
                type="radio"
                name={`${id}-method`}
                checked={option === method}
                onChange={() => {
                  setMethod(option)
                  setCode('')
                  setState({ status: 'idle' })
                }}
              />
              <span className="segmented__label">{labels[option]}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {method === 'sms' ? (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={textMe}
          disabled={state.status === 'sending'}
        >
          {state.status === 'sent' ? 'Text me a new code' : 'Text me a code'}
        </button>
      ) : null}
      {method === 'passkey' ? (
        <p>Use the fingerprint, face or screen lock of a passkey you turned on as a second factor.</p>
      ) : method === 'backup' ? (
        <TextField
          id={`${id}-backup`}
          label="Backup code"
          className="input mono"
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          hint="One of the codes you saved when you set up your authenticator app. Each works once."
        />
      ) : (
        <CodeField
          id={`${id}-code`}
          label={method === 'totp' ? 'Code from your authenticator app' : 'Code from the text message'}
          value={code}
          onChange={setCode}
        />
      )}
      {state.status === 'error' ? <ErrorMessage error={state.error} /> : null}
      <PromptActions
        passkey={method === 'passkey'}
        pending={state.status === 'verifying'}
        disabled={
          method === 'backup' ? !isBackupCode(code) : method !== 'passkey' && code.length !== OTP_LENGTH
        }
        onCancel={onCancel}
      />
    </form>
  )
}
