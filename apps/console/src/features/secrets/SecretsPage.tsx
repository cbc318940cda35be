import { useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useOperatorAccess } from '../../app/useOperatorAccess'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { ReadView } from '../../shared/ui/ReadView'
import { MakeSecretForm } from './MakeSecretForm'
import { SecretItem } from './SecretItem'
import { ShownSecret } from './ShownSecret'
import { appSecretListSchema, type MadeSecret } from './secretSchemas'

/**
 * The secrets the app's backend calls the API with: listed by prefix (the server never shows one
 * again), made (shown once, here, until dismissed or the operator leaves) and deleted. A viewer reads
 * the list only, and so does anyone the server refused for their role (a role changed meanwhile).
 *
 * @example
 * <SecretsPage />
 */
export default function SecretsPage() {
  const { appId } = useConsole()
  const secrets = useAdminRead({ path: '/api/v1/apps/secrets', schema: appSecretListSchema, appId })
  const [made, setMade] = useState<MadeSecret | undefined>()
  const access = useOperatorAccess()
  const [refusal, setRefusal] = useState<unknown>()
  const canChange = access === 'change' && refusal === undefined
  return (
    <section className="stack">
      <h1>App secrets</h1>
      <p className="muted">
        Your app’s backend sends one of these with each call to the admin API. A read-only secret can only
        read.
      </p>
      {made ? <ShownSecret made={made} onDismiss={() => setMade(undefined)} /> : null}
      <ReadView read={secrets} what="app secrets">
        {({ data }) =>
          data.length === 0 ? (
            <p>No secrets yet: make one below for your app’s backend.</p>
          ) : (
            <div className="card">
              <ul className="list">
                {data.map((secret) => (
                  <SecretItem
                    key={secret.id}
                    secret={secret}
                    canDelete={canChange}
                    onDeleted={secrets.refetch}
                    onRoleRefused={setRefusal}
                  />
                ))}
              </ul>
            </div>
          )
        }
      </ReadView>
      {refusal !== undefined ? (
        <ErrorMessage title="Your role can only read this app’s secrets" error={refusal} />
      ) : access === 'read' ? (
        <p className="muted">
          As a viewer you can read this list; an owner or admin makes and deletes secrets.
        </p>
      ) : access === 'change' ? (
        <MakeSecretForm
          onMade={(next) => {
            setMade(next)
            secrets.refetch()
          }}
          onRoleRefused={setRefusal}
        />
      ) : null}
    </section>
  )
}
