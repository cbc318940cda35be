import { type RecoveryStatus, useRecovery } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { ErrorMessage } from '../ui/ErrorMessage'
import { PasscodeInput } from '../ui/PasscodeInput'

/**
 * Unlocks this session's wallets with the recovery passcode. A wrong passcode is said in words; after
 * five tries in 15 minutes the server refuses every try for a while, and the message says so.
 *
 * @example
 * <RecoveryUnlockForm method="passcode" onUnlocked={update} />
 */
export function RecoveryUnlockForm({
  method,
  onUnlocked,
}: {
  method: 'passcode' | 'google_drive'
  onUnlocked: (status: RecoveryStatus) => void
}) {
  const { unlockRecovery } = useRecovery()
  const [passcode, setPasscode] = useState('')
  const [visible, setVisible] = useState(false)
  const [state, setState] = useState<{ pending: boolean; error?: unknown }>({ pending: false })
  const id = useId()

  if (method === 'google_drive')
    return (
      <p>
        This wallet is locked with a key kept in your Google Drive. Unlocking it from Google Drive is not
        available in this wallet yet: use the app where you set it up.
      </p>
    )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!passcode) return
    setState({ pending: true })
    unlockRecovery({ passcode }).then(
      (status) => {
        setPasscode('')
        setState({ pending: false })
        onUnlocked(status)
      },
      (error: unknown) => setState({ pending: false, error }),
    )
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Unlock your wallet">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-passcode`}>
          Recovery passcode
        </label>
        <PasscodeInput
          id={`${id}-passcode`}
          autoComplete="current-password"
          value={passcode}
          onChange={(event) => setPasscode(event.target.value)}
          visible={visible}
          onVisibleChange={setVisible}
        />
      </div>
      {state.error ? <ErrorMessage error={state.error} /> : null}
      <div className="actions">
        <button type="submit" className="button" disabled={state.pending || !passcode}>
          {state.pending ? 'Unlocking…' : 'Unlock'}
        </button>
      </div>
    </form>
  )
}
