import { type AppConfig, useAppConfig as useSdkAppConfig } from '@satchel/react'

export type AppConfigState =
  | { status: 'loading' }
  | { status: 'ready'; config: AppConfig }
  | { status: 'error'; error: unknown; retry: () => void }

/**
 * The app's public configuration (login methods, terms), from the SDK's `useAppConfig`, as the
 * screens branch on it.
 *
 * @example
 * const app = useAppConfig()
 * if (app.status === 'ready') app.config.loginMethods
 */
export function useAppConfig(): AppConfigState {
  const app = useSdkAppConfig()
  if (app.data) return { status: 'ready', config: app.data }
  if (app.status === 'error') return { status: 'error', error: app.error, retry: app.refetch }
  return { status: 'loading' }
}
