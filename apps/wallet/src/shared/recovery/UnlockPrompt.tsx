import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { RecoveryUnlockForm } from './RecoveryUnlockForm'
import { UnlockPromptContext } from './UnlockPromptContext'
import { isSigningBlocked, useRecoveryStatus } from './useRecoveryStatus'

/**
 * The recovery passcode, asked for as soon as a session lands locked (not first at Confirm), in a
 * modal over the current screen; any screen can open it again through {@link UnlockPromptContext}.
 * Being a dialog over the screen rather than a screen of its own, unlocking never leaves the Send form
 * (or anything else half filled in). "Not now" closes it: balances stay readable while locked.
 *
 * @example
 * <UnlockPrompt><Shell /></UnlockPrompt>
 */
export function UnlockPrompt({ children }: { children: ReactNode }) {
  const recovery = useRecoveryStatus()
  const blocked = isSigningBlocked(recovery.state)
  const [open, setOpen] = useState(false)
  // Asked once, when the lock is first seen in this page: "Not now" is respected until asked again.
  const asked = useRef(false)
  const dialog = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    if (blocked && !asked.current) {
      asked.current = true
      setOpen(true)
    }
    if (!blocked) setOpen(false)
  }, [blocked])
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])
  const context = useMemo(() => ({ open: () => setOpen(true) }), [])
  const method = recovery.state.status === 'ready' ? recovery.state.value.method : null
  return (
    <UnlockPromptContext.Provider value={blocked ? context : null}>
      {children}
      {/* The native modal dialog traps focus, closes on Escape and makes the page behind it inert. */}
      <dialog
        ref={dialog}
        className="card unlock-prompt"
        aria-labelledby={`${id}-title`}
        onClose={() => setOpen(false)}
      >
        {open && method ? (
          <>
            <h2 id={`${id}-title`}>Unlock your wallet</h2>
            <p>
              You set a recovery passcode, so this sign-in cannot send or sign until you enter it. Your
              balances stay visible either way.
            </p>
            <RecoveryUnlockForm method={method} onUnlocked={recovery.update} />
            <div className="actions">
              <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
                Not now
              </button>
            </div>
          </>
        ) : null}
      </dialog>
    </UnlockPromptContext.Provider>
  )
}
