import type { WalletSessionSigners } from '../../client/actions/getSessionSigners'
import { sessionSignersQueryOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import type { UseReadReturnType } from '../useRead'
import { type UseReadOptions, useSignedInRead } from './useSignedInRead'

/**
 * Each of the user's wallets with its delegated session signers, read while signed in (change them
 * with `useSessionSigners`, then `refetch`).
 *
 * @example
 * const { data: wallets, refetch } = useSessionSignerList()
 */
export function useSessionSignerList(
  options?: UseReadOptions<WalletSessionSigners[]>,
): UseReadReturnType<WalletSessionSigners[]> {
  const client = useSatchelClient('useSessionSignerList')
  return useSignedInRead(sessionSignersQueryOptions(client), options)
}
