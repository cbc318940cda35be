import { type FormEvent, useState } from 'react'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { Field } from '../../shared/ui/Field'
import { TextField } from '../../shared/ui/TextField'
import { checkListEntry } from '../../shared/validate'
import { ROLE_DESCRIPTIONS } from './describeOperator'
import { OPERATOR_ROLES, type OperatorRole, operatorRoleSchema } from './operatorSchemas'

/**
 * Invites an email with a role (an email already on the list gets the new role). They become an
 * operator when they sign in to the console with that email. The server asks the owner to confirm
 * it's them first.
 *
 * @example
 * <AddOperatorForm onAdded={refetch} />
 */
export function AddOperatorForm({ onAdded }: { onAdded: () => void }) {
  const { write, state, pending } = useAdminWrite()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<OperatorRole>('viewer')
  const trimmed = email.trim()
  const problem = trimmed === '' ? undefined : checkListEntry('emails', trimmed)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (trimmed === '' || problem) return
    await write({ method: 'POST', path: '/api/v1/console/operators', body: { email: trimmed, role } })
    setEmail('')
    onAdded()
  }
  return (
    <form className="card stack" onSubmit={(event) => void submit(event).catch(() => {})}>
      <h2>Add an operator</h2>
      <TextField
        label="Email"
        value={email}
        onChange={setEmail}
        problem={problem}
        hint="They become an operator when they sign in here with this email."
      />
      <Field label="Role">
        {(props) => (
          <select
            {...props}
            className="input"
            value={role}
            onChange={(event) => setRole(operatorRoleSchema.catch('viewer').parse(event.target.value))}
          >
            {OPERATOR_ROLES.map((one) => (
              <option key={one} value={one}>
                {ROLE_DESCRIPTIONS[one]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {state.status === 'error' ? (
        <ErrorMessage title="The operator was not added" error={state.error} />
      ) : null}
      <button type="submit" className="button" disabled={pending || trimmed === '' || Boolean(problem)}>
        {pending ? 'Adding…' : 'Add operator'}
      </button>
    </form>
  )
}
