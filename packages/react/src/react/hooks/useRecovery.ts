import { useMemo } from 'react'
import { getRecoveryStatus, type RecoveryStatus } from '../../client/actions/getRecoveryStatus'
import { unlockRecovery } from '../../client/actions/unlockRecovery'
import { useSatchelClient } from '../context'

export type UseRecoveryReturnType = {
  /** Is there a recovery lock, and can this session sign. */
  getRecoveryStatus: () => Promise<RecoveryStatus>
  /** Unlocks this session with the recovery passcode. */
  unlockRecovery: (parameters: { passcode: string }) => Promise<RecoveryStatus>
}

/**
 * The recovery lock: with a recovery passcode set, a new session cannot sign until the user enters
 * it. Read the lock's status and unlock this session.
 *
 * @example
 * const { getRecoveryStatus, unlockRecovery } = useRecovery()
 * if (!(await getRecoveryStatus()).unlocked) await unlockRecovery({ passcode })
 */
export function useRecovery(): UseRecoveryReturnType {
  const client = useSatchelClient('useRecovery')
  return useMemo(
    () => ({
      getRecoveryStatus: () => getRecoveryStatus(client),
      unlockRecovery: (parameters) => unlockRecovery(client, parameters),
    }),
    [client],
  )
}
