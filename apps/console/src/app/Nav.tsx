import { type MouseEvent, useEffect, useRef } from 'react'
import { useConsole } from './ConsoleContext'
import { ROUTES } from './routes'
import { consoleHref } from './useConsoleState'

/**
 * The console's navigation: real links (a middle click opens a new tab), followed in the page.
 *
 * @example
 * <Nav current="/users" />
 */
export function Nav({ current }: { current: string }) {
  const { navigate } = useConsole()
  const currentLink = useRef<HTMLAnchorElement>(null)
  // On a phone the navigation is one row that scrolls sideways: keep the current screen's link in view.
  useEffect(() => {
    if (current) currentLink.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [current])
  const follow = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    navigate(path)
  }
  return (
    <nav className="nav" aria-label="Console">
      <ul>
        {ROUTES.map((route) => (
          <li key={route.path}>
            <a
              ref={route.path === current ? currentLink : undefined}
              href={consoleHref(route.path)}
              aria-current={route.path === current ? 'page' : undefined}
              onClick={(event) => follow(event, route.path)}
            >
              {route.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
