import { getUser } from '../client/actions/getUser'
import { getWallets } from '../client/actions/getWallets'
import type { SatchelClient } from '../client/createSatchelClient'
import type { AppConfig, SatchelUser, SatchelWallet } from '../client/types'
import { satchelKeys } from './satchelKeys'

/** An action as TanStack Query's `useMutation` takes it (and as Satchel's own hooks run it). */
export type ActionOptions<parameters, result> = {
  mutationKey: readonly unknown[]
  mutationFn: (parameters: parameters) => Promise<result>
}

/** A read as TanStack Query's `useQuery` takes it. */
export type ReadOptions<result> = {
  queryKey: readonly unknown[]
  queryFn: () => Promise<result>
}

/**
 * Binds an action to a client, under its key.
 *
 * @example
 * const options = actionOptions(client, 'signMessage', signMessage)
 * await options.mutationFn({ message: 'hi' })
 */
export function actionOptions<parameters, result>(
  client: SatchelClient,
  name: string,
  action: (client: SatchelClient, parameters: parameters) => Promise<result>,
): ActionOptions<parameters, result> {
  return {
    mutationKey: satchelKeys.action(client.appId, name),
    mutationFn: (parameters) => action(client, parameters),
  }
}

/**
 * The signed-in user, read from the server.
 *
 * @example
 * useQuery(userQueryOptions(client))
 */
export function userQueryOptions(client: SatchelClient): ReadOptions<SatchelUser> {
  return { queryKey: satchelKeys.user(client.appId), queryFn: () => getUser(client) }
}

/**
 * The signed-in user's embedded wallets, read from the server.
 *
 * @example
 * useQuery(walletsQueryOptions(client))
 */
export function walletsQueryOptions(client: SatchelClient): ReadOptions<SatchelWallet[]> {
  return { queryKey: satchelKeys.wallets(client.appId), queryFn: () => getWallets(client) }
}

/**
 * The app's public configuration (enabled login methods, name, mode).
 *
 * @example
 * useQuery(appConfigQueryOptions(client))
 */
export function appConfigQueryOptions(client: SatchelClient): ReadOptions<AppConfig> {
  return { queryKey: satchelKeys.appConfig(client.appId), queryFn: () => client.getAppConfig() }
}
