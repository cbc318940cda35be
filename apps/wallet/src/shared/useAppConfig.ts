import { type AppConfig, useSatchel } from '@satchel/react'
import { useEffect, useState } from 'react'

export type AppConfigState =
  | { status: 'loading' }
  | { status: 'ready'; config: AppConfig }
  | { status: 'error'; error: unknown; retry: () => void }

/**
 * The app's public configuration (login methods, terms), read once per page load by the client.
 *
 * @example
 * const app = useAppConfig()
 * if (app.status === 'ready') app.config.loginMethods
 */
export function useAppConfig(): AppConfigState {
  const { client } = useSatchel()
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<AppConfigState>({ status: 'loading' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again after a failure
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    client.getAppConfig().then(
      (config) => live && setState({ status: 'ready', config }),
      (error: unknown) =>
        live && setState({ status: 'error', error, retry: () => setAttempt((value) => value + 1) }),
    )
    return () => {
      live = false
    }
  }, [client, attempt])
  return state
}
