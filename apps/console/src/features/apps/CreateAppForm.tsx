import { type FormEvent, useState } from 'react'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { TextField } from '../../shared/ui/TextField'
import { checkOrigin, splitList } from '../../shared/validate'
import { consoleAppSchema } from './appSchemas'

/**
 * A new app: its name and the origins its pages run on (checked as they are typed). Its secrets are
 * made afterwards, each shown once.
 *
 * @example
 * <CreateAppForm onCreated={(id) => selectApp(id)} />
 */
export function CreateAppForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { write, state, pending } = useAdminWrite()
  const [name, setName] = useState('')
  const [origins, setOrigins] = useState('')
  const problems = splitList(origins).flatMap((origin) => checkOrigin(origin, 'development') ?? [])
  const ready = name.trim() !== '' && splitList(origins).length > 0 && problems.length === 0

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!ready) return
    const made = consoleAppSchema.parse(
      await write({
        method: 'POST',
        path: '/api/v1/console/apps',
        body: { name: name.trim(), allowedOrigins: splitList(origins) },
      }).catch(() => undefined),
    )
    setName('')
    setOrigins('')
    onCreated(made.id)
  }

  return (
    <form className="card stack" onSubmit={(event) => void submit(event).catch(() => {})}>
      <h2>New app</h2>
      <TextField label="Name" value={name} onChange={setName} />
      <TextField
        label="Allowed origins (one per line)"
        problem={problems[0]}
        rows={2}
        placeholder="https://shop.example.com"
        value={origins}
        onChange={setOrigins}
      />
      {state.status === 'error' ? <ErrorMessage error={state.error} /> : null}
      <button type="submit" className="button" disabled={!ready || pending}>
        {pending ? 'Making the app…' : 'Make app'}
      </button>
    </form>
  )
}
