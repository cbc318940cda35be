import { OTP_LENGTH } from '@satchel/core'
import { useMfa } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { CopyButton } from '../../shared/ui/CopyButton'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { QrCode } from '../../shared/ui/QrCode'

const methodNames: Readonly<Record<string, string>> = {
  totp: 'Authenticator app',
  sms: 'Text message',
  passkey: 'Passkey',
}

type Enrolment =
  | { step: 'idle' }
  | { step: 'starting' }
  | { step: 'scan'; secret: string; otpauthUri: string; code: string; pending: boolean }
  | { step: 'done' }

/**
 * Two-factor authentication: the enrolled methods, and enrolling an authenticator app (TOTP) by QR code
 * (or its secret typed by hand) and a first code.
 */
export function MfaSection() {
  const { methods, initTotpEnrollment, enroll } = useMfa()
  const [enrolment, setEnrolment] = useState<Enrolment>({ step: 'idle' })
  const [error, setError] = useState<unknown>(undefined)
  const id = useId()

  const start = () => {
    setError(undefined)
    setEnrolment({ step: 'starting' })
    initTotpEnrollment().then(
      ({ secret, otpauthUri }) =>
        setEnrolment({ step: 'scan', secret, otpauthUri, code: '', pending: false }),
      (startError: unknown) => {
        setError(startError)
        setEnrolment({ step: 'idle' })
      },
    )
  }
  const confirm = (event: FormEvent) => {
    event.preventDefault()
    if (enrolment.step !== 'scan') return
    setError(undefined)
    setEnrolment({ ...enrolment, pending: true })
    enroll({ method: 'totp', code: enrolment.code }).then(
      () => setEnrolment({ step: 'done' }),
      (enrolError: unknown) => {
        setError(enrolError)
        setEnrolment({ ...enrolment, pending: false })
      },
    )
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Two-factor authentication</h2>
      {methods.length === 0 ? (
        <p>Not set up. A second factor protects exporting your key and other sensitive actions.</p>
      ) : (
        <ul className="settings__list" aria-label="Enrolled second factors">
          {methods.map((method) => (
            <li key={method} className="settings__item">
              <span>{methodNames[method] ?? method}</span>
              <span className="settings__tag">On</span>
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite">
        {enrolment.step === 'done' ? (
          <p className="notice notice--success">
            Authenticator app added. You will be asked for a code before sensitive actions.
          </p>
        ) : null}
      </div>
      {error ? <ErrorMessage error={error} /> : null}
      {enrolment.step === 'scan' ? (
        <form onSubmit={confirm} noValidate className="settings__form">
          <p>Scan this QR code with your authenticator app, then type the 6-digit code it shows.</p>
          <div className="settings__qr">
            <QrCode
              value={enrolment.otpauthUri}
              label="QR code to add Satchel to your authenticator app"
              size={200}
            />
          </div>
          <p className="field__hint">
            Cannot scan? Enter this key by hand:{' '}
            <span className="mono" data-testid="totp-secret">
              {enrolment.secret}
            </span>{' '}
            <CopyButton
              value={enrolment.secret}
              label="Copy key"
              accessibleLabel="Copy key for your authenticator app"
            />
          </p>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-code`}>
              Code from your authenticator app
            </label>
            <input
              id={`${id}-code`}
              className="input input--code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              value={enrolment.code}
              onChange={(event) =>
                setEnrolment({ ...enrolment, code: event.target.value.replace(/\D/g, '') })
              }
            />
          </div>
          <div className="actions">
            <button
              type="submit"
              className="button"
              disabled={enrolment.pending || enrolment.code.length !== OTP_LENGTH}
            >
              {enrolment.pending ? 'Checking…' : 'Turn on'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setEnrolment({ step: 'idle' })}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : methods.includes('totp') ? null : (
        <button
          type="button"
          className="button button--secondary"
          onClick={start}
          disabled={enrolment.step === 'starting'}
        >
          {enrolment.step === 'starting' ? 'Preparing…' : 'Set up an authenticator app'}
        </button>
      )}
    </section>
  )
}
