import { useMfa } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { TextField } from '../../shared/ui/TextField'
import { EnrolmentCodeEntry } from './EnrolmentCodeEntry'
import type { StepUp } from './stepUp'

type Step =
  | { step: 'idle' }
  | { step: 'phone'; phone: string; pending: boolean }
  | { step: 'code'; phone: string; code: string; pending: boolean }

/**
 * Enrols text messages as a second factor: a phone number (with its country code), a code texted to
 * it, then that code. With a second factor already on, the server asks for it first (`stepUp`).
 *
 * @example
 * <SmsEnrolment stepUp={stepUp} onDone={() => setDone('Text messages added.')} />
 */
export function SmsEnrolment({ stepUp, onDone }: { stepUp: StepUp; onDone: () => void }) {
  const { sendSmsCode, enroll } = useMfa()
  const [state, setState] = useState<Step>({ step: 'idle' })
  const [error, setError] = useState<unknown>(undefined)
  const id = useId()

  const send = (phone: string) => {
    setError(undefined)
    setState({ step: 'phone', phone, pending: true })
    sendSmsCode({ phoneNumber: phone.trim() }).then(
      () => setState({ step: 'code', phone, code: '', pending: false }),
      (sendError: unknown) => {
        setState({ step: 'phone', phone, pending: false })
        if (isStepUpRequired(sendError))
          stepUp('Adding a second factor needs one you already have.', () => send(phone))
        else setError(sendError)
      },
    )
  }
  const submitPhone = (event: FormEvent) => {
    event.preventDefault()
    if (state.step === 'phone' && state.phone.trim()) send(state.phone)
  }
  const confirm = (entered: Extract<Step, { step: 'code' }>) => {
    setError(undefined)
    setState({ ...entered, pending: true })
    enroll({ method: 'sms', code: entered.code }).then(
      () => {
        setState({ step: 'idle' })
        onDone()
      },
      (enrolError: unknown) => {
        setState({ ...entered, pending: false })
        if (isStepUpRequired(enrolError))
          stepUp('Adding a second factor needs one you already have.', () => confirm(entered))
        else setError(enrolError)
      },
    )
  }
  const submitCode = (event: FormEvent) => {
    event.preventDefault()
    if (state.step === 'code') confirm(state)
  }
  const cancel = (
    <button type="button" className="button button--secondary" onClick={() => setState({ step: 'idle' })}>
      Cancel
    </button>
  )

  if (state.step === 'idle')
    return (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setError(undefined)
          setState({ step: 'phone', phone: '', pending: false })
        }}
      >
        Set up text messages
      </button>
    )
  if (state.step === 'phone')
    return (
      <form onSubmit={submitPhone} noValidate className="settings__form" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>Text messages</h3>
        <TextField
          id={`${id}-phone`}
          label="Phone number for codes"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={state.phone}
          onChange={(event) => setState({ ...state, phone: event.target.value })}
          hint="With the country code, for example +1 415 555 0100. Without one, a US number is assumed."
        />
        {error ? <ErrorMessage error={error} /> : null}
        <div className="actions">
          <button type="submit" className="button" disabled={state.pending || !state.phone.trim()}>
            {state.pending ? 'Sending…' : 'Text me a code'}
          </button>
          {cancel}
        </div>
      </form>
    )
  return (
    <form onSubmit={submitCode} noValidate className="settings__form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Text messages</h3>
      <p>
        We texted a 6-digit code to <strong>{state.phone.trim()}</strong>. It expires in 10 minutes.
      </p>
      <EnrolmentCodeEntry
        id={`${id}-code`}
        label="Code from the text message"
        code={state.code}
        onCodeChange={(code) => setState({ ...state, code })}
        pending={state.pending}
        error={error}
      >
        <button
          type="button"
          className="button button--secondary"
          onClick={() => send(state.phone)}
          disabled={state.pending}
        >
          Send a new code
        </button>
        {cancel}
      </EnrolmentCodeEntry>
    </form>
  )
}
