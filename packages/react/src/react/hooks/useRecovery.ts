import { useMemo } from 'react'
import { getRecoveryStatus, type RecoveryStatus } from '../../client/actions/getRecoveryStatus'
import { removeRecoveryLock } from '../../client/actions/removeRecoveryLock'
import {
  type SetRecoveryPasscodeParameters,
  setRecoveryPasscode,
} from '../../client/actions/setRecoveryPasscode'
import { unlockRecovery } from '../../client/actions/unlockRecovery'
import { useSatchelClient } from '../context'

export type UseRecoveryReturnType = {
  /** Is there a recovery lock, and can this session sign. */
  getRecoveryStatus: () => Promise<RecoveryStatus>
  /** Unlocks this session with the recovery passcode. */
  unlockRecovery: (parameters: { passcode: string }) => Promise<RecoveryStatus>
  /** Sets or changes the passcode (signed; may ask for a step-up: `StepUpRequiredError`). */
  setRecoveryPasscode: (parameters: SetRecoveryPasscodeParameters) => Promise<RecoveryStatus>
  /** Removes the lock from a session unlocked with it (signed; may ask for a step-up). */
  removeRecoveryLock: () => Promise<RecoveryStatus>
}

/**
 * The recovery lock: with a recovery passcode set, a new session cannot sign until the user enters
 * it. Read the lock's status, unlock this session, set, change or remove the passcode.
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
      setRecoveryPasscode: (parameters) => setRecoveryPasscode(client, parameters),
      removeRecoveryLock: () => removeRecoveryLock(client),
    }),
    [client],
  )
}
