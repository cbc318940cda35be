import { type ComponentType, lazy } from 'react'

/** A screen of the console: its path, its name in the navigation, whether it is about one app. */
export type ConsoleRoute = { path: string; label: string; needsApp: boolean; page: ComponentType }

/** The console's screens, in navigation order; each loads on first visit. */
export const ROUTES: readonly ConsoleRoute[] = [
  { path: '/apps', label: 'Apps', needsApp: false, page: lazy(() => import('../features/apps/AppsPage')) },
  {
    path: '/operators',
    label: 'Operators',
    needsApp: false,
    page: lazy(() => import('../features/operators/OperatorsPage')),
  },
  { path: '/users', label: 'Users', needsApp: true, page: lazy(() => import('../features/users/UsersPage')) },
  {
    path: '/settings',
    label: 'Settings',
    needsApp: true,
    page: lazy(() => import('../features/settings/SettingsPage')),
  },
  {
    path: '/secrets',
    label: 'App secrets',
    needsApp: true,
    page: lazy(() => import('../features/secrets/SecretsPage')),
  },
  {
    path: '/policies',
    label: 'Policies',
    needsApp: true,
    page: lazy(() => import('../features/policies/PoliciesPage')),
  },
  {
    path: '/webhooks',
    label: 'Webhooks',
    needsApp: true,
    page: lazy(() => import('../features/webhooks/WebhooksPage')),
  },
  {
    path: '/analytics',
    label: 'Analytics',
    needsApp: true,
    page: lazy(() => import('../features/analytics/AnalyticsPage')),
  },
  {
    path: '/audit',
    label: 'Audit log',
    needsApp: true,
    page: lazy(() => import('../features/audit/AuditPage')),
  },
]

/** The screen for a path the console has none for (and for `/console` itself): Users. */
export const DEFAULT_PATH = '/users'

/**
 * The screen for a path: its own, or the one it is under (`/users/usr_1` is a Users screen).
 *
 * @example
 * matchRoute('/users/usr_1')?.label // 'Users'
 */
export function matchRoute(path: string): ConsoleRoute | undefined {
  return ROUTES.find((route) => path === route.path || path.startsWith(`${route.path}/`))
}

/**
 * The screen for a path, or the default one (Users) for a path the console does not know.
 *
 * @example
 * resolveRoute('/nowhere').path // '/users'
 */
export function resolveRoute(path: string): ConsoleRoute | undefined {
  return matchRoute(path) ?? matchRoute(DEFAULT_PATH)
}
