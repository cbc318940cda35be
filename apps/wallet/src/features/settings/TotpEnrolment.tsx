import { type BackupCodes, useMfa } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { CopyButton } from '../../shared/ui/CopyButton'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { QrCode } from '../../shared/ui/QrCode'
import { EnrolmentCodeEntry } from './EnrolmentCodeEntry'
import type { StepUp } from './stepUp'

type Step =
  | { step: 'idle' }
  | { step: 'starting' }
  | { step: 'scan'; secret: string; otpauthUri: string; code: string; pending: boolean }

/**
 * Enrols an authenticator app (TOTP): a QR code (or its secret typed by hand), then a first code.
 * With a second factor already on, the server asks for it first (`stepUp`). `onDone` gets the first
 * backup codes the server answers with the first authenticator (empty when the user already has some).
 *
 * @example
 * <TotpEnrolment stepUp={stepUp} onDone={(codes) => setCodes(codes)} />
 */
export function TotpEnrolment({
  stepUp,
  onDone,
}: {
  stepUp: StepUp
  onDone: (backupCodes: BackupCodes) => void
}) {
  const { initTotpEnrollment, enroll } = useMfa()
  const [state, setState] = useState<Step>({ step: 'idle' })
  const [error, setError] = useState<unknown>(undefined)
  const id = useId()

  const start = () => {
    setError(undefined)
    setState({ step: 'starting' })
    initTotpEnrollment().then(
      ({ secret, otpauthUri }) => setState({ step: 'scan', secret, otpauthUri, code: '', pending: false }),
      (startError: unknown) => {
        setState({ step: 'idle' })
        if (isStepUpRequired(startError)) stepUp('Adding a second factor needs one you already have.', start)
        else setError(startError)
      },
    )
  }
  const confirm = (event: FormEvent) => {
    event.preventDefault()
    if (state.step !== 'scan') return
    setError(undefined)
    setState({ ...state, pending: true })
    enroll({ method: 'totp', code: state.code }).then(
      ({ backupCodes }) => {
        setState({ step: 'idle' })
        onDone(backupCodes)
      },
      (enrolError: unknown) => {
        setError(enrolError)
        setState({ ...state, pending: false })
      },
    )
  }

  if (state.step !== 'scan')
    return (
      <div>
        {error ? <ErrorMessage error={error} /> : null}
        <button
          type="button"
          className="button button--secondary"
          onClick={start}
          disabled={state.step === 'starting'}
        >
          {state.step === 'starting' ? 'Preparing…' : 'Set up an authenticator app'}
        </button>
      </div>
    )
  return (
    <form onSubmit={confirm} noValidate className="settings__form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Authenticator app</h3>
      <p>Scan this QR code with your authenticator app, then type the 6-digit code it shows.</p>
      <div className="settings__qr">
        <QrCode
          value={state.otpauthUri}
          label="QR code to add Satchel to your authenticator app"
          size={200}
        />
      </div>
      <p className="field__hint">
        Cannot scan? Enter this key by hand:{' '}
        <span className="mono" data-testid="totp-secret">
          {state.secret}
        </span>{' '}
        <CopyButton
          value={state.secret}
          label="Copy key"
          accessibleLabel="Copy key for your authenticator app"
        />
      </p>
      <EnrolmentCodeEntry
        id={`${id}-code`}
        label="Code from your authenticator app"
        code={state.code}
        onCodeChange={(code) => setState({ ...state, code })}
        pending={state.pending}
        error={error}
      >
        <button type="button" className="button button--secondary" onClick={() => setState({ step: 'idle' })}>
          Cancel
        </button>
      </EnrolmentCodeEntry>
    </form>
  )
}
