import { type FormEvent, useId, useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
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
  const id = useId()
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
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} className="input" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-chain`}>Chain</label>
        <select
          id={`${id}-chain`}
          className="input"
          value={chainType}
          onChange={(e) => setChainType(e.target.value === 'solana' ? 'solana' : 'ethereum')}
        >
          <option value="ethereum">Ethereum</option>
          <option value="solana">Solana</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-rules`}>Rules (JSON)</label>
        <textarea
          id={`${id}-rules`}
          className="input mono"
          rows={8}
          value={rules}
          onChange={(e) => setRules(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-rules-note`}
        />
        <p id={`${id}-rules-note`} className="field__error" aria-live="polite">
          {problem ?? ''}
        </p>
      </div>
      {state.status === 'error' ? <ErrorMessage title="The policy was not made" error={state.error} /> : null}
      <button type="submit" className="button" disabled={pending || Boolean(problem) || name.trim() === ''}>
        {pending ? 'Saving…' : 'Add policy'}
      </button>
    </form>
  )
}
