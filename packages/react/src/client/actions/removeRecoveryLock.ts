import type { SatchelClient } from '../createSatchelClient'
import { type RecoveryStatus, toRecoveryStatus } from './getRecoveryStatus'

/**
 * Removes the recovery lock (`DELETE /api/v1/recovery`) from a session unlocked with it: new sessions
 * then sign without the passcode. Signed with the session key, with a fresh second factor when the
 * user has one.
 *
 * @throws {StepUpRequiredError} when the user has MFA and has not verified it in the last 15 minutes.
 * @example
 * await removeRecoveryLock(client)
 */
export async function removeRecoveryLock(client: SatchelClient): Promise<RecoveryStatus> {
  return toRecoveryStatus(
    await client.request({ method: 'DELETE', path: '/api/v1/recovery', auth: true, signed: {} }),
  )
}
