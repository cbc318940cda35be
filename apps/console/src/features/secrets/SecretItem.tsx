import { useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { isRoleRefusal } from '../../shared/isRoleRefusal'
import { ConfirmAction } from '../../shared/ui/ConfirmAction'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { confirmDeleteSecret, describeAccess, describeSecret } from './describeSecret'
import type { AppSecret } from './secretSchemas'

/**
 * One of the app's secrets: its prefix, access and use, and (for those who may) a delete that asks
 * first, naming the prefix. The server refuses to delete the app's last full-access secret; its
 * sentence is shown here.
 *
 * @example
 * <SecretItem secret={secret} canDelete onDeleted={refetch} onRoleRefused={setRefusal} />
 */
export function SecretItem({
  secret,
  canDelete,
  onDeleted,
  onRoleRefused,
}: {
  secret: AppSecret
  canDelete: boolean
  onDeleted: () => void
  onRoleRefused: (error: unknown) => void
}) {
  const { appId } = useConsole()
  const { write, state, pending, reset } = useAdminWrite()
  const [asking, setAsking] = useState(false)
  const remove = () =>
    write({ method: 'DELETE', path: `/api/v1/apps/secrets/${encodeURIComponent(secret.id)}`, appId }).then(
      () => {
        setAsking(false)
        onDeleted()
      },
      (error: unknown) => {
        setAsking(false)
        if (isRoleRefusal(error)) onRoleRefused(error)
      },
    )
  return (
    <li className="list__item stack-small">
      <div className="row">
        <div className="stack-small grow">
          <span>
            <span className="mono">{secret.prefix}…</span>
            <span className={`badge badge--${secret.access === 'full' ? 'neutral' : 'ok'}`}>
              {describeAccess(secret.access)}
            </span>
            {secret.current ? <span className="badge">This request’s secret</span> : null}
          </span>
          <span className="muted">{describeSecret(secret)}</span>
        </div>
        {canDelete && !asking ? (
          <button
            type="button"
            className="button button--danger button--small"
            aria-label={`Delete secret ${secret.prefix}`}
            onClick={() => {
              reset()
              setAsking(true)
            }}
          >
            Delete…
          </button>
        ) : null}
      </div>
      {canDelete && asking ? (
        <ConfirmAction
          question={confirmDeleteSecret(secret)}
          verb="delete"
          pending={pending}
          onConfirm={() => void remove()}
          onKeep={() => setAsking(false)}
        />
      ) : null}
      {state.status === 'error' ? (
        <ErrorMessage title="The secret was not deleted" error={state.error} />
      ) : null}
    </li>
  )
}
