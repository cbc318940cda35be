import { ApiError } from '@satchel/core'
import { useSatchelClient } from '@satchel/react'
import { type FormEvent, useId, useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { adminRequest } from '../../shared/api/adminRequest'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { adminUserSchema } from './userSchemas'

/**
 * Finds a user by any identifier (`/api/v1/users/lookup?q=`: the server tells an email from a phone
 * or an address) and opens their page.
 *
 * @example
 * <UserSearch />
 */
export function UserSearch() {
  const { appId, navigate } = useConsole()
  const client = useSatchelClient()
  const [q, setQ] = useState('')
  const [state, setState] = useState<{ status: 'idle' | 'pending' | 'missing' | 'error'; error?: unknown }>({
    status: 'idle',
  })
  const id = useId()
  const search = async (event: FormEvent) => {
    event.preventDefault()
    if (q.trim() === '') return
    setState({ status: 'pending' })
    try {
      const user = adminUserSchema.parse(
        await adminRequest(client, {
          method: 'GET',
          path: '/api/v1/users/lookup',
          query: { q: q.trim() },
          appId,
        }),
      )
      setState({ status: 'idle' })
      navigate(`/users/${user.id}`)
    } catch (error) {
      const missing = error instanceof ApiError && error.code === 'user_does_not_exist'
      setState(missing ? { status: 'missing' } : { status: 'error', error })
    }
  }
  return (
    <search>
      <form className="search" onSubmit={(event) => void search(event)}>
        <label htmlFor={id}>Find a user</label>
        <div className="search__row">
          <input
            id={id}
            className="input"
            type="search"
            placeholder="Email, phone, wallet address, user id or subject"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          <button type="submit" className="button" disabled={state.status === 'pending'}>
            {state.status === 'pending' ? 'Searching…' : 'Search'}
          </button>
        </div>
        <div aria-live="polite">
          {state.status === 'missing' ? <p className="muted">No user of this app has {q.trim()}.</p> : null}
          {state.status === 'error' ? <ErrorMessage error={state.error} /> : null}
        </div>
      </form>
    </search>
  )
}
