import type { ReadBehaviour } from '../../query/createQuery'
import type { ReadOptions } from '../../query/options'
import { type UseReadReturnType, useRead } from '../useRead'
import { useSatchel } from './useSatchel'

/** How a read hook reads: only while `enabled`, with `retry`, `retryDelay`, `refetchInterval`. */
export type UseReadOptions<data> = ReadBehaviour<data> & {
  /** Default `true`; reads needing a session also wait until the user is signed in. */
  enabled?: boolean | undefined
}

/**
 * `useRead` for a route that needs a session: waits while signed out, and a different user is a new
 * key (nothing of the previous user's is shown).
 *
 * @example
 * useSignedInRead(sessionsQueryOptions(client), { retry: 1 })
 */
export function useSignedInRead<data>(
  options: ReadOptions<data>,
  { enabled = true, ...behaviour }: UseReadOptions<data> = {},
): UseReadReturnType<data> {
  const { user } = useSatchel()
  return useRead({
    ...options,
    ...behaviour,
    queryKey: [...options.queryKey, user?.id ?? null],
    enabled: enabled && user !== undefined,
  })
}
