import { WEBHOOK_EVENT_TYPES } from '@satchel/core/admin'
import { type FormEvent, useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { TextField } from '../../shared/ui/TextField'
import { secretAnswerSchema } from './webhookSchemas'

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol)
  } catch {
    return false
  }
}

/**
 * A new webhook endpoint: its URL, a description, and the events it wants (none ticked: all of them).
 *
 * @example
 * <AddEndpointForm onAdded={({ endpointId, secret }) => show(secret)} />
 */
export function AddEndpointForm({
  onAdded,
}: {
  onAdded: (added: { endpointId: string; secret: string }) => void
}) {
  const { appId } = useConsole()
  const { write, state, pending } = useAdminWrite()
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [events, setEvents] = useState<string[]>([])
  const problem =
    url.trim() !== '' && !isHttpUrl(url.trim())
      ? 'An http(s) URL, such as https://example.com/hooks'
      : undefined
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (problem || url.trim() === '') return
    const added = secretAnswerSchema.parse(
      await write({
        method: 'POST',
        path: '/api/v1/webhooks/endpoints',
        appId,
        body: { url: url.trim(), description, eventTypes: events },
      }),
    )
    setUrl('')
    setDescription('')
    setEvents([])
    onAdded({ endpointId: added.id, secret: added.secret })
  }
  return (
    <form className="card stack" onSubmit={(event) => void submit(event).catch(() => {})}>
      <h2>Add an endpoint</h2>
      <TextField label="URL" problem={problem} type="url" value={url} onChange={setUrl} />
      <TextField label="Description" value={description} onChange={setDescription} />
      <fieldset className="field">
        <legend>Events (none ticked: every event)</legend>
        <div className="checks">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="check mono">
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={(e) =>
                  setEvents(e.target.checked ? [...events, type] : events.filter((t) => t !== type))
                }
              />
              {type}
            </label>
          ))}
        </div>
      </fieldset>
      {state.status === 'error' ? (
        <ErrorMessage title="The endpoint was not added" error={state.error} />
      ) : null}
      <button type="submit" className="button" disabled={pending || url.trim() === '' || Boolean(problem)}>
        {pending ? 'Adding…' : 'Add endpoint'}
      </button>
    </form>
  )
}
