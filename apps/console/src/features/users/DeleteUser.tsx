import { useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ConfirmAction } from '../../shared/ui/ConfirmAction'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { type AdminUser, formatTime } from './userSchemas'

/**
 * Deleting a user (sessions and wallets revoked at once; restorable until the grace period ends), or
 * restoring one. Deleting asks twice, and the server asks the operator to confirm it's them. Without
 * `canChange` it only says when a deleted user was deleted and until when they can be restored.
 *
 * @example
 * <DeleteUser user={user} canChange onChange={refetch} />
 */
export function DeleteUser({
  user,
  canChange,
  onChange,
}: {
  user: AdminUser
  canChange: boolean
  onChange: () => void
}) {
  const { appId } = useConsole()
  const { write, state, pending } = useAdminWrite()
  const [asking, setAsking] = useState(false)
  const path = `/api/v1/users/${encodeURIComponent(user.id)}`
  const run = (method: 'DELETE' | 'POST', to: string) =>
    write({ method, path: to, appId }).then(
      () => {
        setAsking(false)
        onChange()
      },
      () => {},
    )
  if (!canChange && !user.deletedAt) return null
  return (
    <section className="card stack-small danger-zone" aria-labelledby="delete-user">
      <h2 id="delete-user">{user.deletedAt ? 'Deleted user' : 'Delete user'}</h2>
      {user.deletedAt ? (
        <>
          <p>
            Deleted {formatTime(user.deletedAt)}; restorable until {formatTime(user.purgeAfter)}.
          </p>
          {canChange ? (
            <button
              type="button"
              className="button button--small"
              disabled={pending}
              onClick={() => void run('POST', `${path}/restore`)}
            >
              {pending ? 'Restoring…' : 'Restore user'}
            </button>
          ) : null}
        </>
      ) : asking ? (
        <ConfirmAction
          question="Their sessions end and their wallets are revoked now. Delete this user?"
          verb="delete"
          pending={pending}
          onConfirm={() => void run('DELETE', path)}
          onKeep={() => setAsking(false)}
        />
      ) : (
        <button type="button" className="button button--danger button--small" onClick={() => setAsking(true)}>
          Delete user…
        </button>
      )}
      {state.status === 'error' ? <ErrorMessage error={state.error} /> : null}
    </section>
  )
}
