import { useMemo } from 'react'
import type { SatchelClient } from '../client/createSatchelClient'
import { actionOptions } from '../query/options'
import { useSatchelClient } from './context'
import { type UseActionReturnType, useAction } from './useAction'

/** An action hook's answer: the action under its own name, and its status. */
export type NamedActionReturnType<name extends string, parameters, result> = {
  [key in name]: NamedAction<parameters, result>
} & UseActionReturnType<parameters, result>

/** The action; its parameters may be left out where the action takes none. */
type NamedAction<parameters, result> = undefined extends parameters
  ? (parameters?: parameters) => Promise<result>
  : (parameters: parameters) => Promise<result>

/**
 * The body of a hook that runs one client action: the client from the provider (the error names
 * `hook` when there is none), the action's status, and the action itself under `name`.
 *
 * @example
 * export function useSignMessage() {
 *   return useNamedAction('useSignMessage', 'signMessage', signMessage)
 * }
 */
export function useNamedAction<name extends string, parameters, result>(
  hook: string,
  name: name,
  action: (client: SatchelClient, parameters: parameters) => Promise<result>,
): NamedActionReturnType<name, parameters, result> {
  const client = useSatchelClient(hook)
  const state = useAction(useMemo(() => actionOptions(client, name, action), [client, name, action]))
  const named = { [name]: state.mutateAsync } as { [key in name]: NamedAction<parameters, result> }
  return { ...state, ...named }
}
