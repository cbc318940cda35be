import { useSatchel } from '@satchel/react'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { isRoleRefusal } from '../../shared/isRoleRefusal'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { ReadView } from '../../shared/ui/ReadView'
import { AddOperatorForm } from './AddOperatorForm'
import { OperatorItem } from './OperatorItem'
import { operatorListSchema } from './operatorSchemas'

/**
 * Who operates this console, whatever the app: the operators and open invitations with their roles,
 * an invitation by email, and removal. Owners only: anyone else is shown the server's refusal, and
 * no controls.
 *
 * @example
 * <OperatorsPage />
 */
export default function OperatorsPage() {
  const { user } = useSatchel()
  const operators = useAdminRead({ path: '/api/v1/console/operators', schema: operatorListSchema })
  return (
    <section className="stack">
      <h1>Operators</h1>
      <p className="muted">The people who can sign in to this console, for every app of this server.</p>
      {operators.status === 'error' && isRoleRefusal(operators.error) ? (
        <ErrorMessage title="Ask an owner to manage the operators" error={operators.error} />
      ) : (
        <ReadView read={operators} what="operators">
          {({ data }) => (
            <>
              {data.length === 0 ? (
                <p>No operators yet.</p>
              ) : (
                <div className="card">
                  <ul className="list">
                    {data.map((operator) => (
                      <OperatorItem
                        key={operator.id}
                        operator={operator}
                        isSelf={operator.userId !== null && operator.userId === user?.id}
                        onRemoved={operators.refetch}
                      />
                    ))}
                  </ul>
                </div>
              )}
              <AddOperatorForm onAdded={operators.refetch} />
            </>
          )}
        </ReadView>
      )}
    </section>
  )
}
