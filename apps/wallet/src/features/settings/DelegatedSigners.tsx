import { useSatchel } from '@satchel/react'
import { useId, useState } from 'react'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Delegated signers: apps the user allowed to sign for them within a policy. Revoking removes every
 * one of them (`POST /api/v1/wallets/revoke`, named by the spec; the SDK has no action for it yet).
 */
export function DelegatedSigners() {
  const { client } = useSatchel()
  const [state, setState] = useState<{ pending: boolean; message?: string; error?: unknown }>({
    pending: false,
  })
  const id = useId()
  const revoke = () => {
    setState({ pending: true })
    client.request({ method: 'POST', path: '/api/v1/wallets/revoke', body: {}, auth: true }).then(
      (answer) =>
        setState({
          pending: false,
          message: isRecord(answer) && typeof answer.message === 'string' ? answer.message : 'Revoked',
        }),
      (error: unknown) => setState({ pending: false, error }),
    )
  }
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delegated signers</h2>
      <p>
        Apps you allowed to sign for you (within limits you agreed to) keep that power until you revoke it.
        Revoking stops every one of them at once.
      </p>
      <div aria-live="polite">
        {state.message ? <p className="notice notice--success">{state.message}</p> : null}
      </div>
      {state.error ? <ErrorMessage error={state.error} /> : null}
      <button type="button" className="button button--danger" onClick={revoke} disabled={state.pending}>
        {state.pending ? 'Revoking…' : 'Revoke all delegated signers'}
      </button>
    </section>
  )
}
