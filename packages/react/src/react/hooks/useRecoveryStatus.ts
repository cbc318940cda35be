import type { RecoveryStatus } from '../../client/actions/getRecoveryStatus'
import { recoveryStatusQueryOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import type { UseReadReturnType } from '../useRead'
import { type UseReadOptions, useSignedInRead } from './useSignedInRead'

/**
 * The recovery lock as this session sees it, read while signed in; `setData` takes the answer of
 * `unlockRecovery` or a passcode change without asking again.
 *
 * @example
 * const { data, setData } = useRecoveryStatus()
 * const blocked = data?.method && !data.unlocked
 */
export function useRecoveryStatus(
  options?: UseReadOptions<RecoveryStatus>,
): UseReadReturnType<RecoveryStatus> {
  const client = useSatchelClient('useRecoveryStatus')
  return useSignedInRead(recoveryStatusQueryOptions(client), options)
}
