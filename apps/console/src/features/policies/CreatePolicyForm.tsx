import { type FormEvent, useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { Field } from '../../shared/ui/Field'
import { TextField } from '../../shared/ui/TextField'
import { parseRules } from './policySchemas'

const EXAMPLE = `[
  {
    "name": "Small transfers only",
    "method": "eth_sendTransaction",
    "conditions": [{ "field_source": "ethereum_transaction", "field": "value", "operator": "lte", "value": "1000000000000000000" }],
    "action": "ALLOW"
  }
]`

/**
 * A new policy: name, chain family, and its rules as JSON (checked as typed).
 *
 * @example
 * <CreatePolicyForm onCreated={refetch} />
 */
export function CreatePolicyForm({ onCreated }: { onCreated: () => void }) {
  const { appId } = useConsole()
  const { write, state, pending } = useAdminWrite()
  const [name, setName] = useState('')
  const [chainType, setChainType] = useState<'ethereum' | 'solana'>('ethereum')
  const [rules, setRules] = useState(EXAMPLE)
  const parsed = parseRules(rules)
  const problem = 'problem' in parsed ? parsed.problem : undefined
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if ('problem' in parsed || name.trim() === '') return
    await write({
      method: 'POST',
      path: '/api/v1/policies',
      appId,
      body: { name: name.trim(), chainType, rules: parsed.rules },
    })
    setName('')
    onCreated()
  }
  return (
    <form className="card stack" onSubmit={(event) => void submit(event).catch(() => {})}>
      <h2>New policy</h2>
      <TextField label="Name" value={name} onChange={setName} />
      <Field label="Chain">
        {(props) => (
          <select
            {...props}
            className="input"
            value={chainType}
            onChange={(e) => setChainType(e.target.value === 'solana' ? 'solana' : 'ethereum')}
          >
            <option value="ethereum">Ethereum</option>
            <option value="solana">Solana</option>
          </select>
        )}
      </Field>
      <TextField
        label="Rules (JSON)"
        problem={problem}
        rows={8}
        className="mono"
        value={rules}
        onChange={setRules}
      />
      {state.status === 'error' ? <ErrorMessage title="The policy was not made" error={state.error} /> : null}
      <button type="submit" className="button" disabled={pending || Boolean(problem) || name.trim() === ''}>
        {pending ? 'Saving…' : 'Add policy'}
      </button>
    </form>
  )
}
