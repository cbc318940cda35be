import { useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { ReadView } from '../../shared/ui/ReadView'
import { formatTime } from '../users/userSchemas'
import { deliveryListSchema } from './webhookSchemas'

/**
 * An endpoint's deliveries, newest first: event, status, attempts, last response code; each can be
 * sent again (replay, when `canReplay`). Refreshed every 5 seconds while shown, so a new event
 * appears on its own.
 *
 * @example
 * <DeliveryList endpointId="whe_1" canReplay />
 */
export function DeliveryList({ endpointId, canReplay }: { endpointId: string; canReplay: boolean }) {
  const { appId } = useConsole()
  const [cursor, setCursor] = useState<string | undefined>()
  const path = `/api/v1/webhooks/endpoints/${encodeURIComponent(endpointId)}/deliveries`
  const deliveries = useAdminRead({
    path,
    schema: deliveryListSchema,
    appId,
    query: { limit: '10', cursor },
    refetchInterval: 5000,
  })
  const { write, state, pending } = useAdminWrite()
  const replay = (id: string) =>
    write({
      method: 'POST',
      path: `/api/v1/webhooks/deliveries/${encodeURIComponent(id)}/replay`,
      appId,
      body: {},
    }).then(
      () => deliveries.refetch(),
      () => {},
    )
  return (
    <details className="deliveries" open>
      <summary>Deliveries</summary>
      <div className="actions">
        <button type="button" className="button button--secondary button--small" onClick={deliveries.refetch}>
          Refresh deliveries
        </button>
      </div>
      <ReadView read={deliveries} what="deliveries">
        {({ data, nextCursor }) => (
          <>
            {data.length === 0 ? <p className="muted">No deliveries yet.</p> : null}
            <ul className="list">
              {data.map((delivery) => (
                <li key={delivery.id} className="list__item row">
                  <div className="stack-small grow">
                    <span className="mono">{delivery.eventType}</span>
                    <span className="muted">
                      {formatTime(delivery.createdAt)} · {delivery.attempts} attempt
                      {delivery.attempts === 1 ? '' : 's'}
                      {delivery.lastResponseCode ? ` · HTTP ${delivery.lastResponseCode}` : ''}
                      {delivery.lastError ? ` · ${delivery.lastError}` : ''}
                    </span>
                  </div>
                  <span
                    className={`badge badge--${delivery.status === 'succeeded' ? 'ok' : delivery.status === 'failed' ? 'danger' : 'neutral'}`}
                  >
                    {delivery.status}
                  </span>
                  {canReplay ? (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={pending}
                      onClick={() => void replay(delivery.id)}
                    >
                      Replay
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            {nextCursor ? (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setCursor(nextCursor)}
              >
                Older deliveries
              </button>
            ) : null}
          </>
        )}
      </ReadView>
      {state.status === 'error' ? (
        <ErrorMessage title="The delivery was not replayed" error={state.error} />
      ) : null}
    </details>
  )
}
