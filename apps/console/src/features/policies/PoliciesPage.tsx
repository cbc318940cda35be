import { useConsole } from '../../app/ConsoleContext'
import { useOperatorAccess } from '../../app/useOperatorAccess'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { ReadView } from '../../shared/ui/ReadView'
import { formatTime } from '../users/userSchemas'
import { CreatePolicyForm } from './CreatePolicyForm'
import { policyListSchema } from './policySchemas'

/**
 * The app's wallet policies (what its wallets and delegated signers may sign): list, add, delete. A
 * user's delegated signers are on their user page. A viewer reads the policies only.
 *
 * @example
 * <PoliciesPage />
 */
export default function PoliciesPage() {
  const { appId } = useConsole()
  const policies = useAdminRead({ path: '/api/v1/policies', schema: policyListSchema, appId })
  const { write, state, pending } = useAdminWrite()
  const access = useOperatorAccess()
  const remove = (id: string) =>
    write({ method: 'DELETE', path: `/api/v1/policies/${encodeURIComponent(id)}`, appId }).then(
      () => policies.refetch(),
      () => {},
    )
  return (
    <section className="stack">
      <h1>Policies</h1>
      <ReadView read={policies} what="policies">
        {({ data }) =>
          data.length === 0 ? (
            <p>No policies yet.</p>
          ) : (
            <ul className="cards cards--wide">
              {data.map((policy) => (
                <li key={policy.id} className="card stack-small">
                  <h2>{policy.name}</h2>
                  <p className="muted">
                    <span className="mono">{policy.id}</span> · {policy.chainType} ·{' '}
                    {formatTime(new Date(policy.createdAt * 1000).toISOString())}
                  </p>
                  <ul className="list">
                    {policy.rules.map((rule) => (
                      <li key={`${rule.name}/${rule.method}/${rule.action}`} className="list__item">
                        <span className={`badge badge--${rule.action === 'ALLOW' ? 'ok' : 'danger'}`}>
                          {rule.action}
                        </span>{' '}
                        {rule.name} <span className="mono">{rule.method}</span>
                      </li>
                    ))}
                  </ul>
                  {access === 'change' ? (
                    <button
                      type="button"
                      className="button button--danger button--small"
                      disabled={pending}
                      onClick={() => void remove(policy.id)}
                    >
                      Delete policy
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </ReadView>
      {state.status === 'error' ? (
        <ErrorMessage title="The policy was not deleted" error={state.error} />
      ) : null}
      {access === 'change' ? (
        <CreatePolicyForm onCreated={policies.refetch} />
      ) : access === 'read' ? (
        <p className="muted">
          As a viewer you can read these policies; an owner or admin adds and deletes them.
        </p>
      ) : null}
    </section>
  )
}
