import type { Session } from '../../client/actions/getSessions'
import { sessionsQueryOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import type { UseReadReturnType } from '../useRead'
import { type UseReadOptions, useSignedInRead } from './useSignedInRead'

/**
 * Where the user is signed in, read while signed in, with `refetch` for a Try again button.
 *
 * @example
 * const { data: sessions, error, refetch } = useSessions()
 */
export function useSessions(options?: UseReadOptions<Session[]>): UseReadReturnType<Session[]> {
  const client = useSatchelClient('useSessions')
  return useSignedInRead(sessionsQueryOptions(client), options)
}
