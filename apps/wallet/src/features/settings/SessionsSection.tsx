import { useLogout, useSatchel } from '@satchel/react'
import { useEffect, useId, useState } from 'react'
import { ConfirmItsYou } from '../../shared/stepUp/ConfirmItsYou'
import { isStepUpRequired } from '../../shared/stepUp/isStepUpRequired'
import { ConfirmAction } from '../../shared/ui/ConfirmAction'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { describeUserAgent } from './describeUserAgent'

type Session = {
  id: string
  current: boolean
  userAgent: string | null
  createdAt: number
  lastUsedAt: number
}
type State =
  | { status: 'loading' }
  | { status: 'ready'; sessions: Session[] }
  | { status: 'error'; error: unknown }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function parseSessions(answer: unknown): Session[] {
  const list = isRecord(answer) && Array.isArray(answer.sessions) ? answer.sessions : []
  return list.flatMap((session): Session[] =>
    isRecord(session) &&
    typeof session.id === 'string' &&
    typeof session.createdAt === 'number' &&
    typeof session.lastUsedAt === 'number'
      ? [
          {
            id: session.id,
            current: session.current === true,
            userAgent: typeof session.userAgent === 'string' ? session.userAgent : null,
            createdAt: session.createdAt,
            lastUsedAt: session.lastUsedAt,
          },
        ]
      : [],
  )
}

const when = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * Where the user is signed in (`GET /api/v1/sessions`; the SDK has no action for it yet), and logging
 * out everywhere: asked first, and confirmed as the person when the server asks (a stolen session
 * must not sign the owner out of every device).
 */
export function SessionsSection() {
  const { client } = useSatchel()
  const { logout, isPending, error: logoutError } = useLogout()
  const [state, setState] = useState<State>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [step, setStep] = useState<'idle' | 'asking' | 'confirming-identity'>('idle')
  const id = useId()
  const logoutEverywhere = () => {
    setStep('idle')
    logout({ all: true }).catch((error: unknown) => {
      if (isStepUpRequired(error)) setStep('confirming-identity')
    })
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again after a failure
  useEffect(() => {
    let live = true
    client.request({ method: 'GET', path: '/api/v1/sessions', auth: true }).then(
      (answer) => live && setState({ status: 'ready', sessions: parseSessions(answer) }),
      (error: unknown) => live && setState({ status: 'error', error }),
    )
    return () => {
      live = false
    }
  }, [client, attempt])

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sessions</h2>
      {state.status === 'loading' ? <LoadingState label="Loading sessions…" /> : null}
      {state.status === 'error' ? (
        <ErrorMessage error={state.error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {state.status === 'ready' ? (
        <ul className="settings__list">
          {state.sessions.map((session) => (
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
