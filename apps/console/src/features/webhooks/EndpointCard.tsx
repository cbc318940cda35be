import { useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { DeliveryList } from './DeliveryList'
import { type Endpoint, secretAnswerSchema } from './webhookSchemas'

/**
 * One endpoint: its URL and state, "send test event" and secret rotation (when `canChange`), and its
 * deliveries.
 *
 * @example
 * <EndpointCard endpoint={endpoint} canChange onSecret={show} onChange={refetch} />
 */
export function EndpointCard({
  endpoint,
  canChange,
  onSecret,
  onChange,
}: {
  endpoint: Endpoint
  canChange: boolean
  onSecret: (shown: { endpointId: string; secret: string }) => void
  onChange: () => void
}) {
  const { appId } = useConsole()
  const { write, state, pending } = useAdminWrite()
  const [deliveriesKey, setDeliveriesKey] = useState(0)
  const base = `/api/v1/webhooks/endpoints/${encodeURIComponent(endpoint.id)}`
  const sendTest = () =>
    write({ method: 'POST', path: `${base}/test`, appId, body: {} }).then(
      () => setDeliveriesKey((n) => n + 1),
      () => {},
    )
  const rotate = () =>
    write({ method: 'POST', path: `${base}/rotate_secret`, appId, body: {} }).then(
      (answer) => {
        onSecret({ endpointId: endpoint.id, secret: secretAnswerSchema.parse(answer).secret })
        onChange()
      },
      () => {},
    )
  return (
    <li className="card stack-small">
      <h2 className="mono break">{endpoint.url}</h2>
      <p className="muted">
        {endpoint.description || 'No description'} ·{' '}
        {endpoint.eventTypes.length ? endpoint.eventTypes.join(', ') : 'every event'}
      </p>
      {endpoint.enabled ? null : (
        <p className="badge badge--danger">Disabled: {endpoint.disabledReason ?? 'by the operator'}</p>
      )}
      {canChange ? (
        <div className="actions">
          <button
            type="button"
            className="button button--small"
            disabled={pending}
            onClick={() => void sendTest()}
          >
            Send test event
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={pending}
            onClick={() => void rotate()}
          >
            Rotate secret
          </button>
        </div>
      ) : null}
      {state.status === 'error' ? <ErrorMessage error={state.error} /> : null}
      <DeliveryList key={deliveriesKey} endpointId={endpoint.id} canReplay={canChange} />
    </li>
  )
}
