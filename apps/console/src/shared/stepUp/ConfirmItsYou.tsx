import { useReauthenticate, useSatchel } from '@satchel/react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { CodeInput } from '../ui/CodeInput'
import { ErrorMessage } from '../ui/ErrorMessage'

/**
 * The dialog that asks the operator for a fresh email code before a dangerous change (deleting a
 * user, minting a secret, changing operators). Escape or Cancel closes it and the change is not sent.
 *
 * @example
 * <ConfirmItsYou onDone={retry} onCancel={giveUp} />
 */
export function ConfirmItsYou({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { user } = useSatchel()
  const { sendEmailCode, withEmail } = useReauthenticate()
  const email = String(user?.linkedAccounts.find((account) => account.type === 'email')?.address ?? '')
  const [code, setCode] = useState('')
  const [step, setStep] = useState<'send' | 'code'>('send')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>()
  const dialog = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    dialog.current?.showModal()
  }, [])

  const run = async (action: () => Promise<unknown>, next: () => void) => {
    setPending(true)
    setError(undefined)
    try {
      await action()
      next()
    } catch (caught) {
      setError(caught)
    } finally {
      setPending(false)
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (step === 'send')
      void run(
        () => sendEmailCode({ email }),
        () => setStep('code'),
      )
    else void run(() => withEmail({ email, code: code.trim() }), onDone)
  }

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} onCancel={onCancel}>
      <form onSubmit={submit} className="stack">
        <h2 id={`${id}-title`}>Confirm it’s you</h2>
        <p>This change needs a fresh sign-in. We send a code to {email}.</p>
        {step === 'code' ? <CodeInput label="Code from your email" value={code} onChange={setCode} /> : null}
        {error ? <ErrorMessage error={error} /> : null}
        <div className="actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Please wait…' : step === 'send' ? 'Send code' : 'Confirm'}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  )
}
