import { useLogout, useSessions } from '@satchel/react'
import { useId, useState } from 'react'
import { ConfirmItsYou } from '../../shared/stepUp/ConfirmItsYou'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { ConfirmAction } from '../../shared/ui/ConfirmAction'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { describeUserAgent } from './describeUserAgent'

const when = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * Where the user is signed in (the SDK's `useSessions`), and logging out everywhere: asked first, and
 * confirmed as the person when the server asks (a stolen session must not sign the owner out of
 * every device).
 */
export function SessionsSection() {
  const sessions = useSessions()
  const { logout, isPending, error: logoutError } = useLogout()
  const [step, setStep] = useState<'idle' | 'asking' | 'confirming-identity'>('idle')
  const id = useId()
  const logoutEverywhere = () => {
    setStep('idle')
    logout({ all: true }).catch((error: unknown) => {
      if (isStepUpRequired(error)) setStep('confirming-identity')
    })
  }
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sessions</h2>
      {sessions.isPending ? <LoadingState label="Loading sessions…" /> : null}
      {sessions.isError ? <ErrorMessage error={sessions.error} onRetry={sessions.refetch} /> : null}
      {sessions.data ? (
        <ul className="settings__list">
          {sessions.data.map((session) => (
            <li key={session.id} className="settings__item">
              <span>
                {describeUserAgent(session.userAgent)}
                <span className="field__hint settings__meta">
                  Signed in {when(session.createdAt)} · last used {when(session.lastUsedAt)}
                </span>
              </span>
              {session.current ? <span className="settings__tag">This device</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {logoutError && !isStepUpRequired(logoutError) ? <ErrorMessage error={logoutError} /> : null}
      {step === 'asking' ? (
        <ConfirmAction
          title="Log out everywhere?"
          confirmLabel="Log out everywhere"
          onConfirm={logoutEverywhere}
          onCancel={() => setStep('idle')}
        >
          Every device signed in to your account, this one included, will have to sign in again.
        </ConfirmAction>
      ) : null}
      {step === 'confirming-identity' ? (
        <ConfirmItsYou
          reason="Logging out everywhere needs you to confirm it's you."
          onConfirmed={logoutEverywhere}
          onCancel={() => setStep('idle')}
        />
      ) : null}
      {step === 'idle' ? (
        <button
          type="button"
          className="button button--danger"
          disabled={isPending}
          onClick={() => setStep('asking')}
        >
          {isPending ? 'Logging out…' : 'Log out everywhere'}
        </button>
      ) : null}
    </section>
  )
}
