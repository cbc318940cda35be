import { maskPhone, OTP_LENGTH } from '@satchel/core'
import { type ReauthenticationMethod, useLogout, useReauthenticate, useSatchel } from '@satchel/react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { canUsePasskeys } from '../passkeys/canUsePasskeys'
import { CodeField } from '../ui/CodeField'
import { ErrorMessage } from '../ui/ErrorMessage'
import type { ConfirmItsYouProps } from './ConfirmItsYou'
import { PromptActions } from './PromptActions'

/** The ways this wallet can prove again: codes and passkeys (an external wallet needs its own session). */
type Usable = Extract<ReauthenticationMethod, { type: 'email' | 'phone' | 'passkey' }>

const isUsable = (method: ReauthenticationMethod): method is Usable =>
  method.type === 'email' || method.type === 'phone' || (method.type === 'passkey' && canUsePasskeys())

const label = (method: Usable) =>
  method.type === 'email'
    ? `Email to ${method.email}`
    : method.type === 'phone'
      ? `Text to ${maskPhone(method.phoneNumber)}`
      : 'Passkey'

type State =
  | { status: 'idle' | 'sending' | 'sent' | 'confirming' }
  | { status: 'error'; error: unknown; sent: boolean }

/**
 * "Confirm it's you" for a person without a second factor: a new code to one of their addresses, or
 * one of their passkeys. For 5 minutes afterwards the server accepts the sensitive action. Someone who
 * has none of these (a guest, or a social sign-in only) is told how to get there instead.
 *
 * @example
 * <ReauthenticatePrompt reason="Unlinking needs you to confirm it's you." onConfirmed={retry} onCancel={close} />
 */
export function ReauthenticatePrompt({ reason, onConfirmed, onCancel }: ConfirmItsYouProps) {
  const { user } = useSatchel()
  const { methods, sendEmailCode, sendSmsCode, withEmail, withSms, withPasskey } = useReauthenticate()
  const { logout } = useLogout()
  const usable = methods.reauthenticate.filter(isUsable)
  const [choice, setChoice] = useState<Usable | undefined>(usable[0])
  const [code, setCode] = useState('')
  const [state, setState] = useState<State>({ status: 'idle' })
  const heading = useRef<HTMLHeadingElement>(null)
  const id = useId()
  useEffect(() => heading.current?.focus(), [])

  if (!choice)
    return (
      <section className="mfa-prompt card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
          Confirm it's you
        </h2>
        <p>{reason}</p>
        {user?.isGuest ? (
          <p>
            A guest account has no way to confirm it's you. Add an email, a phone or a passkey under Ways to
            sign in, then try again.
          </p>
        ) : (
          <p>Sign out and sign in again, then try again within 5 minutes: a new sign-in confirms it's you.</p>
        )}
        <div className="actions">
          {user?.isGuest ? null : (
            <button type="button" className="button" onClick={() => void logout().catch(() => {})}>
              Sign out to sign in again
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </section>
    )

  const sent = state.status === 'sent' || (state.status === 'error' && state.sent)
  const send = () => {
    setState({ status: 'sending' })
    const sending =
      choice.type === 'email'
        ? sendEmailCode({ email: choice.email })
        : choice.type === 'phone'
          ? sendSmsCode({ phoneNumber: choice.phoneNumber })
          : Promise.resolve()
    sending.then(
      () => setState({ status: 'sent' }),
      (error: unknown) => setState({ status: 'error', error, sent: false }),
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setState({ status: 'confirming' })
    const proved =
      choice.type === 'email'
        ? withEmail({ email: choice.email, code })
        : choice.type === 'phone'
          ? withSms({ phoneNumber: choice.phoneNumber, code })
          : withPasskey()
    proved.then(onConfirmed, (error: unknown) => setState({ status: 'error', error, sent }))
  }

  return (
    <form className="mfa-prompt card" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Confirm it's you
      </h2>
      <p>{reason}</p>
      {usable.length > 1 ? (
        <fieldset className="segmented">
          <legend className="field__label">Confirm with</legend>
          {usable.map((option) => (
            <label key={label(option)} className="segmented__option">
              <input
                type="radio"
                name={`${id}-method`}
                checked={label(option) === label(choice)}
                onChange={() => {
                  setChoice(option)
                  setCode('')
                  setState({ status: 'idle' })
                }}
              />
              <span className="segmented__label">{label(option)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {choice.type === 'passkey' ? (
        <p>Use the fingerprint, face or screen lock of one of your passkeys.</p>
      ) : (
        <>
          <p>
            {choice.type === 'email'
              ? `We'll send a code to ${choice.email}.`
              : `We'll text a code to ${maskPhone(choice.phoneNumber)}.`}
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={send}
            disabled={state.status === 'sending'}
          >
            {sent ? 'Send a new code' : 'Send the code'}
          </button>
          {sent ? (
            <CodeField
              id={`${id}-code`}
              label={choice.type === 'email' ? 'Code from the email' : 'Code from the text message'}
              value={code}
              onChange={setCode}
              autoFocus
            />
          ) : null}
        </>
      )}
      {state.status === 'error' ? <ErrorMessage error={state.error} /> : null}
      <PromptActions
        passkey={choice.type === 'passkey'}
        pending={state.status === 'confirming'}
        disabled={choice.type !== 'passkey' && (!sent || code.length !== OTP_LENGTH)}
        onCancel={onCancel}
      />
    </form>
  )
}
