import { useConsole } from '../../app/ConsoleContext'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { ReadView } from '../../shared/ui/ReadView'
import { formatTime, sessionListSchema } from './userSchemas'

/**
 * Where a user is signed in, with a revoke for each session and for all (when `canRevoke`): a revoked
 * session's next request is refused, and its app asks the person to sign in again.
 *
 * @example
 * <SessionList userId="usr_1" canRevoke />
 */
export function SessionList({ userId, canRevoke }: { userId: string; canRevoke: boolean }) {
  const { appId } = useConsole()
  const path = `/api/v1/users/${encodeURIComponent(userId)}/sessions`
  const sessions = useAdminRead({ path, schema: sessionListSchema, appId })
  const { write, state, pending } = useAdminWrite()
  const revoke = (sessionId?: string) =>
    write({
      method: 'DELETE',
      path: sessionId ? `${path}/${encodeURIComponent(sessionId)}` : path,
      appId,
    }).then(
      () => sessions.refetch(),
      () => {},
    )
  return (
    <ReadView read={sessions} what="sessions">
      {({ data }) => (
        <div className="stack-small">
          {data.length === 0 ? <p className="muted">Not signed in anywhere.</p> : null}
          <ul className="list">
            {data.map((session) => (
              <li key={session.id} className="list__item row">
                <div className="stack-small grow">
                  <span>{session.userAgent ?? 'Unknown device'}</span>
                  <span className="muted">
                    {session.ip ?? ''} · since {formatTime(session.createdAt)} · last used{' '}
                    {formatTime(session.lastUsedAt)}
                  </span>
                </div>
                {canRevoke ? (
                  <button
                    type="button"
                    className="button button--danger button--small"
                    disabled={pending}
                    onClick={() => void revoke(session.id)}
                  >
                    Revoke session
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {canRevoke && data.length > 1 ? (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={pending}
              onClick={() => void revoke()}
            >
              Revoke all sessions
            </button>
          ) : null}
          {state.status === 'error' ? (
            <ErrorMessage title="The session was not revoked" error={state.error} />
          ) : null}
        </div>
      )}
    </ReadView>
  )
}
