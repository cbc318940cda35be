import { type BackupCodes, useMfa } from '@satchel/react'
import { useId, useState } from 'react'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { useStepUp } from '../../shared/stepUp/useStepUp'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { BackupCodesRow } from './BackupCodesRow'
import { BackupCodesShown } from './BackupCodesShown'
import { PasskeyEnrolment } from './PasskeyEnrolment'
import { SmsEnrolment } from './SmsEnrolment'
import type { StepUp } from './stepUp'
import { TotpEnrolment } from './TotpEnrolment'

type Method = 'totp' | 'sms' | 'passkey'

const methodNames: Readonly<Record<Method, string>> = {
  totp: 'Authenticator app',
  sms: 'Text message',
  passkey: 'Passkey',
}
const added: Readonly<Record<Method, string>> = {
  totp: 'Authenticator app added.',
  sms: 'Text messages added.',
  passkey: 'Passkey added as a second factor.',
}
const isMethod = (value: string): value is Method =>
  value === 'totp' || value === 'sms' || value === 'passkey'

/**
 * Two-factor authentication: the enrolled methods (each removable after a fresh second factor, as the
 * server requires), and enrolling an authenticator app, text messages or a passkey. Adding one when
 * another is on asks for the existing one first. The first authenticator comes with backup codes,
 * shown once; new ones can be made later.
 */
export function MfaSection() {
  const { methods, unenroll } = useMfa()
  const enrolled = methods.filter(isMethod)
  const [notice, setNotice] = useState<string | undefined>(undefined)
  const confirmItsYou = useStepUp()
  const [removing, setRemoving] = useState<{ method?: Method; error?: unknown }>({})
  // A new set of backup codes, shown once until the person says it is saved.
  const [codes, setCodes] = useState<BackupCodes | undefined>(undefined)
  const id = useId()

  const stepUp: StepUp = confirmItsYou.ask
  const done = (method: Method) => () => {
    setNotice(added[method])
    confirmItsYou.dismiss()
  }
  const totpDone = (backupCodes: BackupCodes) => {
    done('totp')()
    if (backupCodes.length > 0) setCodes(backupCodes)
  }
  const remove = (method: Method) => {
    setNotice(undefined)
    setRemoving({ method })
    unenroll({ method }).then(
      () => {
        setRemoving({})
        setNotice(`${methodNames[method]} removed.`)
      },
      (error: unknown) => {
        setRemoving({})
        // The server always asks for a fresh second factor before removing one.
        if (isStepUpRequired(error))
          stepUp(`Removing ${methodNames[method].toLowerCase()} needs your second factor.`, () =>
            remove(method),
          )
        else setRemoving({ error })
      },
    )
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Two-factor authentication</h2>
      {enrolled.length === 0 ? (
        <p>Not set up. A second factor protects exporting your key and other sensitive actions.</p>
      ) : (
        <ul className="settings__list" aria-label="Enrolled second factors">
          {enrolled.map((method) => (
            <li key={method} className="settings__item">
              <span>
                {methodNames[method]} <span className="settings__tag">On</span>
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => remove(method)}
                disabled={removing.method !== undefined}
                aria-label={`Remove ${methodNames[method]}`}
              >
                {removing.method === method ? 'Removing…' : 'Remove'}
              </button>
            </li>
          ))}
          <BackupCodesRow key={codes?.join() ?? ''} stepUp={stepUp} onMade={setCodes} />
        </ul>
      )}
      {codes ? <BackupCodesShown codes={codes} onSaved={() => setCodes(undefined)} /> : null}
      <div aria-live="polite">{notice ? <p className="notice notice--success">{notice}</p> : null}</div>
      {removing.error ? <ErrorMessage error={removing.error} /> : null}
      {confirmItsYou.prompt}
      {/* Hidden, not unmounted, while the prompt shows: a step-up resumes the enrolment it paused. */}
      <div className="settings__enrol" hidden={confirmItsYou.asking}>
        {enrolled.includes('totp') ? null : <TotpEnrolment stepUp={stepUp} onDone={totpDone} />}
        {enrolled.includes('sms') ? null : <SmsEnrolment stepUp={stepUp} onDone={done('sms')} />}
        {enrolled.includes('passkey') ? null : <PasskeyEnrolment stepUp={stepUp} onDone={done('passkey')} />}
      </div>
    </section>
  )
}
