import type { SatchelClient } from '../createSatchelClient'
import { type RecoveryStatus, toRecoveryStatus } from './getRecoveryStatus'

export type SetRecoveryPasscodeParameters = {
  /** At least 40 bits of entropy by core's estimate (`estimatePasswordEntropy`). */
  passcode: string
  /** Changing an existing passcode: the current one (not needed in a session unlocked with it). */
  currentPasscode?: string | undefined
}

/**
 * Sets or changes the recovery passcode (`POST /api/v1/recovery/passcode`), signed with the session
 * key. A user with MFA verifies it first; a user without confirms a FIRST passcode with a login
 * proved in the last 5 minutes (a stolen session must not lock the owner out).
 *
 * @throws {StepUpRequiredError} when the server asks the person to confirm it is them first.
 * @example
 * await setRecoveryPasscode(client, { passcode: 'violet-anchor-37-sunrise' })
 */
export async function setRecoveryPasscode(
  client: SatchelClient,
  { passcode, currentPasscode }: SetRecoveryPasscodeParameters,
): Promise<RecoveryStatus> {
  return toRecoveryStatus(
    await client.request({
      method: 'POST',
      path: '/api/v1/recovery/passcode',
      body: { passcode, ...(currentPasscode ? { currentPasscode } : {}) },
      auth: true,
      signed: {},
    }),
  )
}
