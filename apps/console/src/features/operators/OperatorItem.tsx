import { useState } from 'react'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ConfirmAction } from '../../shared/ui/ConfirmAction'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { confirmRemoveOperator, describeOperator, describeRole } from './describeOperator'
import type { Operator } from './operatorSchemas'

/**
 * One operator (or pending invitation): email, role, since when, and a remove that asks first. The
 * server refuses to remove the last owner; its sentence is shown here.
 *
 * @example
 * <OperatorItem operator={operator} isSelf={false} onRemoved={refetch} />
 */
export function OperatorItem({
  operator,
  isSelf,
  onRemoved,
}: {
  operator: Operator
  isSelf: boolean
  onRemoved: () => void
}) {
  const { write, state, pending, reset } = useAdminWrite()
  const [asking, setAsking] = useState(false)
  const remove = () =>
    write({ method: 'DELETE', path: `/api/v1/console/operators/${encodeURIComponent(operator.id)}` }).then(
      () => {
        setAsking(false)
        onRemoved()
      },
      () => setAsking(false),
    )
  return (
    <li className="list__item stack-small">
      <div className="row">
        <div className="stack-small grow">
          <span className="break">
            {operator.email}
            <span className="badge">{describeRole(operator.role)}</span>
            {isSelf ? <span className="badge badge--ok">You</span> : null}
          </span>
          <span className="muted">{describeOperator(operator)}</span>
        </div>
        {asking ? null : (
          <button
            type="button"
            className="button button--danger button--small"
            aria-label={`Remove ${operator.email}`}
            onClick={() => {
              reset()
              setAsking(true)
            }}
          >
            Remove…
          </button>
        )}
      </div>
      {asking ? (
        <ConfirmAction
          question={confirmRemoveOperator(operator, isSelf)}
          verb="remove"
          pending={pending}
          onConfirm={() => void remove()}
          onKeep={() => setAsking(false)}
        />
      ) : null}
      {state.status === 'error' ? (
        <ErrorMessage title="The operator was not removed" error={state.error} />
      ) : null}
    </li>
  )
}
