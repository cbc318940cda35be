import { useConsole } from '../../app/ConsoleContext'
import { useOperatorAccess } from '../../app/useOperatorAccess'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { ReadView } from '../../shared/ui/ReadView'
import { consoleAppListSchema } from './appSchemas'
import { CreateAppForm } from './CreateAppForm'

/**
 * The apps of this server: which one the console manages (switch), and a new one (owners and admins:
 * the server refuses a viewer, who is told so instead of shown the form).
 *
 * @example
 * <AppsPage />
 */
export default function AppsPage() {
  const { appId, selectApp, navigate } = useConsole()
  const apps = useAdminRead({ path: '/api/v1/console/apps', schema: consoleAppListSchema })
  const access = useOperatorAccess()
  return (
    <section className="stack">
      <h1>Apps</h1>
      <ReadView read={apps} what="apps">
        {({ data }) =>
          data.length === 0 ? (
            <p>{access === 'read' ? 'No apps yet.' : 'No apps yet: make the first one below.'}</p>
          ) : (
            <ul className="cards">
              {data.map((app) => (
                <li key={app.id} className="card stack">
                  <h2>{app.name}</h2>
                  <p className="muted mono">{app.id}</p>
                  <p>
                    {app.mode === 'production' ? 'Production' : 'Development'} · {app.loginMethods.join(', ')}
                  </p>
                  {app.id === appId ? (
                    <p className="badge">Managing this app</p>
                  ) : (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => {
                        selectApp(app.id)
                        navigate('/users')
                      }}
                    >
                      Manage {app.name}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </ReadView>
      {access === 'change' ? (
        <CreateAppForm
          onCreated={(id) => {
            apps.refetch()
            selectApp(id)
          }}
        />
      ) : access === 'read' ? (
        <p className="muted">
          As a viewer you can open any of these apps to read it; an owner or admin makes new apps.
        </p>
      ) : null}
    </section>
  )
}
