import { useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useOperatorAccess } from '../../app/useOperatorAccess'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { ReadView } from '../../shared/ui/ReadView'
import { AddEndpointForm } from './AddEndpointForm'
import { EndpointCard } from './EndpointCard'
import { endpointListSchema } from './webhookSchemas'

/**
 * The app's webhook endpoints: add one (its signing secret shown once), and for each its secret
 * rotation, a test event, and the deliveries with their status and response code, replayable. A
 * viewer reads the endpoints and deliveries only.
 *
 * @example
 * <WebhooksPage />
 */
export default function WebhooksPage() {
  const { appId } = useConsole()
  const endpoints = useAdminRead({ path: '/api/v1/webhooks/endpoints', schema: endpointListSchema, appId })
  const [secret, setSecret] = useState<{ endpointId: string; secret: string } | undefined>()
  const access = useOperatorAccess()
  return (
    <section className="stack">
      <h1>Webhooks</h1>
      {secret ? (
        <div className="card notice" role="status">
          <p>
            Signing secret of <span className="mono">{secret.endpointId}</span>, shown this once: store it in
            your receiver.
          </p>
          <p className="mono break secret">{secret.secret}</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setSecret(undefined)}
          >
            I stored it
          </button>
        </div>
      ) : null}
      <ReadView read={endpoints} what="webhook endpoints">
        {({ data }) =>
          data.length === 0 ? (
            <p>No endpoints yet.</p>
          ) : (
            <ul className="cards cards--wide">
              {data.map((endpoint) => (
                <EndpointCard
                  key={endpoint.id}
                  endpoint={endpoint}
                  canChange={access === 'change'}
                  onSecret={setSecret}
                  onChange={endpoints.refetch}
                />
              ))}
            </ul>
          )
        }
      </ReadView>
      {access === 'change' ? (
        <AddEndpointForm
          onAdded={(added) => {
            setSecret(added)
            endpoints.refetch()
          }}
        />
      ) : access === 'read' ? (
        <p className="muted">
          As a viewer you can read the endpoints and their deliveries; an owner or admin adds, tests and
          replays them.
        </p>
      ) : null}
    </section>
  )
}
