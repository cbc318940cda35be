import { useCallback, useEffect, useMemo, useState } from 'react'
import type { ConsoleState } from './ConsoleContext'
import type { ConsoleConfig } from './readConsoleConfig'
import { DEFAULT_PATH } from './routes'

const BASE = '/console'
const APP_KEY = 'satchel-console-app'

const readPath = () => {
  const path = window.location.pathname
  const inner = path.startsWith(BASE) ? path.slice(BASE.length) : path
  return inner === '' || inner === '/' ? DEFAULT_PATH : inner
}

/**
 * The console's navigation (the History API under /console, so links can be opened in a new tab and
 * Back works) and the app being managed (remembered in this browser).
 *
 * @example
 * const state = useConsoleState(config)
 */
export function useConsoleState(config: ConsoleConfig): ConsoleState {
  const [path, setPath] = useState(readPath)
  const [appId, setAppId] = useState<string | undefined>(() => localStorage.getItem(APP_KEY) ?? undefined)
  useEffect(() => {
    const onPop = () => setPath(readPath())
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])
  const navigate = useCallback((next: string) => {
    const [pathname = '/', search = ''] = next.split('?')
    window.history.pushState(null, '', `${BASE}${pathname}${search ? `?${search}` : ''}`)
    setPath(pathname)
    window.scrollTo(0, 0)
  }, [])
  const selectApp = useCallback((id: string) => {
    localStorage.setItem(APP_KEY, id)
    setAppId(id)
  }, [])
  return useMemo(
    () => ({ config, appId, selectApp, path, navigate }),
    [config, appId, selectApp, path, navigate],
  )
}

/** The href of a console path, for links that also work with a middle click. */
export const consoleHref = (path: string) => `${BASE}${path}`
