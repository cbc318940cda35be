import { useMemo } from 'react'
import type { SatchelClient } from '../../client/createSatchelClient'
import { actionOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

const logout = (client: SatchelClient, parameters: { all?: boolean | undefined } | undefined) =>
  client.logout(parameters)

/**
 * Signs out: this tab, the app's other tabs, and the session on the server (`{all: true}`: every
 * session of the user; signed, so it may first fail with `StepUpRequiredError` — confirm it is the
 * person, then call it again).
 *
 * @example
 * const { logout } = useLogout()
 * <button onClick={() => logout()}>Log out</button>
 */
export function useLogout(): {
  logout: (parameters?: { all?: boolean | undefined }) => Promise<void>
} & UseActionReturnType<{ all?: boolean | undefined } | undefined, void> {
  const client = useSatchelClient('useLogout')
  const action = useAction(useMemo(() => actionOptions(client, 'logout', logout), [client]))
  return { ...action, logout: action.mutateAsync }
}
