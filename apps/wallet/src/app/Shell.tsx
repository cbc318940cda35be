import { Suspense, useEffect, useRef } from 'react'
import { ConnectionsActivity } from '../features/connections/ConnectionsActivity'
import { ConnectionsNavBadge } from '../features/connections/ConnectionsNavBadge'
import { useConnectionsActivity } from '../features/connections/useConnectionsActivity'
import { AddressChip } from '../shared/ui/AddressChip'
import { LoadingState } from '../shared/ui/LoadingState'
import { Logo } from '../shared/ui/Logo'
import { useEthereumWallet } from '../shared/useEthereumWallet'
import { AccountMenu } from './AccountMenu'
import { ErrorBoundary } from './ErrorBoundary'
import { matchRoute } from './matchRoute'
import { NavIcon } from './NavIcon'
import { Link } from './router/Link'
import { useLocation } from './router/useLocation'
import { routes } from './routes'
import { WalletStatus } from './WalletStatus'

const tabs = routes.flatMap((route) => (route.tab ? [{ ...route, tab: route.tab }] : []))

/**
 * The signed-in wallet: header (logo, address with copy, account menu), the main navigation (a tab
 * bar on a phone, a rail on a wider screen), and the current screen, loaded on first visit. Moving to another screen moves focus to it, so a screen reader
 * announces where the user landed.
 *
 * @example
 * <Shell />
 */
export function Shell() {
  const { pathname } = useLocation()
  const wallet = useEthereumWallet()
  const route = matchRoute(routes, pathname)
  const main = useRef<HTMLElement>(null)
  const first = useRef(true)
  // Requests from connected apps, counted on the Connections item wherever the user is.
  const { pendingRequests } = useConnectionsActivity()

  useEffect(() => {
    document.title = route ? `${route.label} · Satchel Wallet` : 'Page not found · Satchel Wallet'
    if (first.current) {
      first.current = false
      return
    }
    // A new screen opens at its top: focusing <main> must not scroll it under the sticky header.
    main.current?.focus({ preventScroll: true })
    window.scrollTo(0, 0)
  }, [route])

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <Link to="/" className="shell__brand">
          <Logo className="shell__logo" />
          <span className="shell__wordmark">Satchel</span>
        </Link>
        <div className="shell__account">
          {wallet ? <AddressChip address={wallet.address} /> : null}
          <AccountMenu />
        </div>
      </header>
      <nav className="shell__nav" aria-label="Main">
        <ul className="shell__nav-list">
          {tabs.map((item) => (
            <li key={item.path}>
              <Link
                to={item.path}
                className="shell__nav-link"
                aria-current={item.path === route?.path ? 'page' : undefined}
                aria-describedby={
                  item.path === '/connections' && pendingRequests > 0 ? 'connections-pending' : undefined
                }
              >
                <NavIcon tab={item.tab} />
                {item.label}
                {item.path === '/connections' ? (
                  <ConnectionsNavBadge id="connections-pending" count={pendingRequests} />
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="shell__main" tabIndex={-1} ref={main}>
        <WalletStatus />
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingState />}>
            {route ? (
              <route.Page />
            ) : (
              <section>
                <h1>Page not found</h1>
                <p>
                  There is no screen at this address. <Link to="/">Go to your wallet</Link>.
                </p>
              </section>
            )}
          </Suspense>
        </ErrorBoundary>
      </main>
      <ConnectionsActivity />
    </div>
  )
}
