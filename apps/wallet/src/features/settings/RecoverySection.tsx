import { estimatePassphraseEntropy, estimatePasswordEntropy, generatePassphrase } from '@satchel/core'
import { useRecovery } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { RecoveryUnlockForm } from '../../shared/recovery/RecoveryUnlockForm'
import { isSigningBlocked, useRecoveryStatus } from '../../shared/recovery/useRecoveryStatus'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { useStepUp } from '../../shared/stepUp/useStepUp'
import { ConfirmAction } from '../../shared/ui/ConfirmAction'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { PasscodeInput } from '../../shared/ui/PasscodeInput'
import { TextField } from '../../shared/ui/TextField'

/** What the server requires of a recovery passcode, by core's entropy estimate. */
const MIN_BITS = 40
const PASSPHRASE_WORDS = 6

/**
 * Recovery passcode: an extra lock on the wallets that only the user knows. The entropy meter shows
 * how hard the passcode is to guess (core's estimate; 40 bits at least), and a passphrase of six
 * random BIP-39 words (66 bits: 11 per word) can be generated instead. Setting, changing and
 * removing it (asked first) may need the person to confirm it's them: their second factor, or for a
 * first passcode a recent login.
 */
export function RecoverySection() {
  const { setRecoveryPasscode, removeRecoveryLock } = useRecovery()
  const recovery = useRecoveryStatus()
  const load = recovery.state
  const [passcode, setPasscode] = useState('')
  const [current, setCurrent] = useState('')
  const [visible, setVisible] = useState(false)
  const [saving, setSaving] = useState<{ pending: boolean; error?: unknown; saved?: boolean }>({
    pending: false,
  })
  const stepUp = useStepUp()
  const [removing, setRemoving] = useState<'idle' | 'asking' | 'pending'>('idle')
  const id = useId()
  // The passphrase last generated here, and its honest entropy: only the word draws were random.
  const [generated, setGenerated] = useState<{ passphrase: string; wordlistSize: number } | undefined>(
    undefined,
  )
  const entropy =
    generated && passcode === generated.passphrase
      ? estimatePassphraseEntropy({ words: PASSPHRASE_WORDS, wordlistSize: generated.wordlistSize })
      : estimatePasswordEntropy(passcode)

  const generate = async () => {
    // BIP-39's English list (2048 words, 11 bits each), loaded only when asked for.
    const { wordlist } = await import('@scure/bip39/wordlists/english')
    const passphrase = generatePassphrase({ length: PASSPHRASE_WORDS, wordlist, separator: '-' })
    setGenerated({ passphrase, wordlistSize: wordlist.length })
    setPasscode(passphrase)
    setVisible(true)
  }

  const save = () => {
    setSaving({ pending: true })
    const locked = load.status === 'ready' && load.value.method === 'passcode'
    setRecoveryPasscode({ passcode, ...(locked && current ? { currentPasscode: current } : {}) }).then(
      (status) => {
        recovery.update(status)
        setSaving({ pending: false, saved: true })
        setPasscode('')
        setCurrent('')
      },
      (error: unknown) => {
        if (isStepUpRequired(error))
          stepUp.ask("Setting a recovery passcode needs you to confirm it's you.", save)
        setSaving({ pending: false, error })
      },
    )
  }
  const remove = () => {
    setRemoving('pending')
    setSaving({ pending: false })
    removeRecoveryLock().then(
      (status) => {
        recovery.update(status)
        setRemoving('idle')
      },
      (error: unknown) => {
        setRemoving('idle')
        if (isStepUpRequired(error))
          stepUp.ask("Removing your recovery passcode needs you to confirm it's you.", remove)
        else setSaving({ pending: false, error })
      },
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (entropy.bits >= MIN_BITS) save()
  }

  const locked = load.status === 'ready' && load.value.method === 'passcode'
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Recovery passcode</h2>
      <p>
        An extra lock only you know: with it set, a new session must enter it before your wallet can sign.
        Keep it somewhere safe; Satchel cannot recover it for you.
      </p>
      {load.status === 'loading' ? <LoadingState label="Loading…" /> : null}
      {load.status === 'error' ? <ErrorMessage error={load.error} onRetry={recovery.retry} /> : null}
      {load.status === 'ready' ? (
        <p>
          Status:{' '}
          <strong>
            {load.value.method === null
              ? 'Not set'
              : load.value.unlocked
                ? 'Set, unlocked on this device'
                : 'Set, locked on this device'}
          </strong>
        </p>
      ) : null}
      {load.status === 'ready' && isSigningBlocked(load) && load.value.method ? (
        <div className="notice notice--warning">
          <p>
            This sign-in cannot send or sign until you enter your recovery passcode. Enter it here to unlock
            your wallet on this device.
          </p>
          <RecoveryUnlockForm method={load.value.method} onUnlocked={recovery.update} />
        </div>
      ) : null}
      <div aria-live="polite">
        {saving.saved ? <p className="notice notice--success">Recovery passcode saved.</p> : null}
      </div>
      {stepUp.prompt}
      {removing === 'asking' ? (
        <ConfirmAction
          title="Remove the recovery passcode?"
          confirmLabel="Remove passcode"
          onConfirm={remove}
          onCancel={() => setRemoving('idle')}
        >
          New sign-ins will be able to use your wallet without it. You can set a new one at any time.
        </ConfirmAction>
      ) : null}
      {load.status === 'ready' ? (
        <form onSubmit={submit} noValidate className="settings__form">
          {locked ? (
            <TextField
              id={`${id}-current`}
              label="Current passcode (not needed on a device you unlocked)"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
          ) : null}
          <div className="field">
            <label className="field__label" htmlFor={`${id}-passcode`}>
              {locked ? 'New passcode' : 'Passcode'}
            </label>
            <PasscodeInput
              id={`${id}-passcode`}
              autoComplete="new-password"
              value={passcode}
              onChange={(event) => setPasscode(event.target.value)}
              aria-describedby={`${id}-strength`}
              visible={visible}
              onVisibleChange={setVisible}
            />
            <div className="settings__meter">
              <meter
                id={`${id}-meter`}
                min={0}
                max={128}
                low={MIN_BITS}
                high={60}
                optimum={128}
                value={Math.min(entropy.bits, 128)}
                aria-labelledby={`${id}-strength`}
              />
              <p className="field__hint" id={`${id}-strength`}>
                Strength:{' '}
                {passcode ? `${entropy.strength}, about ${Math.floor(entropy.bits)} bits` : 'type a passcode'}{' '}
                (at least {MIN_BITS} bits needed)
              </p>
            </div>
          </div>
          {saving.error && !stepUp.asking && !isStepUpRequired(saving.error) ? (
            <ErrorMessage error={saving.error} />
          ) : null}
          <div className="actions">
            <button type="submit" className="button" disabled={saving.pending || entropy.bits < MIN_BITS}>
              {saving.pending ? 'Saving…' : locked ? 'Change passcode' : 'Set passcode'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void generate()}>
              Generate a passphrase
            </button>
            {locked && load.value.unlocked && removing === 'idle' ? (
              <button type="button" className="button button--danger" onClick={() => setRemoving('asking')}>
                Remove passcode
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  )
}
