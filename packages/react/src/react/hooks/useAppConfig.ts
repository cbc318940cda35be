import type { AppConfig } from '../../client/types'
import { appConfigQueryOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseReadReturnType, useRead } from '../useRead'
import type { UseReadOptions } from './useSignedInRead'

/**
 * The app's public configuration (login methods, name, terms), signed in or not.
 *
 * @example
 * const { data: config } = useAppConfig()
 * config?.loginMethods
 */
export function useAppConfig(options?: UseReadOptions<AppConfig>): UseReadReturnType<AppConfig> {
  const client = useSatchelClient('useAppConfig')
  return useRead({ ...appConfigQueryOptions(client), ...options })
}
