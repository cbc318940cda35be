import { type FormEvent, useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { isRoleRefusal } from '../../shared/isRoleRefusal'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { MAX_APP_SECRETS } from './describeSecret'
import { type MadeSecret, madeSecretSchema, type SecretAccess } from './secretSchemas'

/**
 * A new secret for the app's backend, full access or read-only. The server asks the operator to
 * confirm it's them first; the answer holds the secret, handed up to be shown once.
 *
 * @example
 * <MakeSecretForm onMade={setMade} onRoleRefused={setRefusal} />
 */
export function MakeSecretForm({
  onMade,
  onRoleRefused,
}: {
  onMade: (made: MadeSecret) => void
  onRoleRefused: (error: unknown) => void
}) {
  const { appId } = useConsole()
  const { write, state, pending } = useAdminWrite()
  const [access, setAccess] = useState<SecretAccess>('full')
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const answer = await write({ method: 'POST', path: '/api/v1/apps/secrets', appId, body: { access } })
    onMade(madeSecretSchema.parse(answer))
  }
  return (
    <form
      className="card stack"
      onSubmit={(event) =>
        void submit(event).catch((error: unknown) => {
          if (isRoleRefusal(error)) onRoleRefused(error)
        })
      }
    >
      <h2>Make a secret</h2>
      <fieldset className="field">
        <legend>Access</legend>
        <div className="checks">
          <label className="check">
            <input
              type="radio"
              name="secret-access"
              checked={access === 'full'}
              onChange={() => setAccess('full')}
            />
            Full access (reads and changes)
          </label>
          <label className="check">
            <input
              type="radio"
              name="secret-access"
              checked={access === 'read_only'}
              onChange={() => setAccess('read_only')}
            />
            Read-only
          </label>
        </div>
      </fieldset>
      <p className="muted">An app holds at most {MAX_APP_SECRETS} secrets. Each is shown once, when made.</p>
      {state.status === 'error' ? <ErrorMessage title="The secret was not made" error={state.error} /> : null}
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Making the secret…' : 'Make secret'}
      </button>
    </form>
  )
}
