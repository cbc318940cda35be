import { useLogout, useSatchel } from '@satchel/react'
import { Suspense } from 'react'
import { Loading } from '../shared/ui/Loading'
import { AppSwitcher } from './AppSwitcher'
import { useConsole } from './ConsoleContext'
import { Nav } from './Nav'
import { resolveRoute } from './routes'
import { useSignedInOperator } from './useSignedInOperator'

/**
 * The signed-in console: the header (app switcher, who is signed in, sign out), the navigation, and
 * the screen of the current path. A screen about one app asks for an app first.
 *
 * @example
 * <Shell />
 */
export function Shell() {
  const { path, appId, navigate } = useConsole()
  const { user } = useSatchel()
  const { logout, status } = useLogout()
  const route = resolveRoute(path)
  const email = String(user?.linkedAccounts.find((account) => account.type === 'email')?.address ?? '')
  const role = useSignedInOperator().data?.role
  const Page = route?.page
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">Satchel console</span>
        <AppSwitcher />
        <span className="topbar__user">
          {email}
          {role ? <span className="topbar__role"> · {role}</span> : null}
        </span>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={status === 'pending'}
          onClick={() => void logout().catch(() => {})}
        >
          Sign out
        </button>
      </header>
      <Nav current={route?.path ?? ''} />
      <main id="main" className="content" tabIndex={-1}>
        {route?.needsApp && !appId ? (
          <section className="stack">
            <h1>Choose an app</h1>
            <p>Pick the app to manage in the menu at the top, or make one.</p>
            <button type="button" className="button" onClick={() => navigate('/apps')}>
              Go to apps
            </button>
          </section>
        ) : Page ? (
          <Suspense fallback={<Loading />}>
            <Page key={route?.needsApp ? appId : 'console'} />
          </Suspense>
        ) : null}
      </main>
    </div>
  )
}
