import type { SatchelClient } from '../../client/createSatchelClient'
import { type NamedActionReturnType, useNamedAction } from '../useNamedAction'

const logout = (client: SatchelClient, parameters: { all?: boolean | undefined } | undefined) =>
  client.logout(parameters)

type Return = NamedActionReturnType<'logout', { all?: boolean | undefined } | undefined, void>

/**
 * Signs out: this tab, the app's other tabs, and the session on the server (`{all: true}`: every
 * session of the user; signed, so it may first fail with `StepUpRequiredError` — confirm it is the
 * person, then call it again).
 *
 * @example
 * const { logout } = useLogout()
 * <button onClick={() => logout()}>Log out</button>
 */
export function useLogout(): Return {
  return useNamedAction('useLogout', 'logout', logout)
}
