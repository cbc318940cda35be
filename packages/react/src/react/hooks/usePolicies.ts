import type { Policy } from '../../client/actions/getPolicies'
import { policiesQueryOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import type { UseReadReturnType } from '../useRead'
import { type UseReadOptions, useSignedInRead } from './useSignedInRead'

/**
 * The policies the user can read (those naming a delegated signer's limits), read while signed in.
 *
 * @example
 * const { data: policies = [] } = usePolicies()
 */
export function usePolicies(options?: UseReadOptions<Policy[]>): UseReadReturnType<Policy[]> {
  const client = useSatchelClient('usePolicies')
  return useSignedInRead(policiesQueryOptions(client), options)
}
