import type { SatchelClient } from '../createSatchelClient'
import { type RecoveryStatus, toRecoveryStatus } from './getRecoveryStatus'

/**
 * Unlocks the wallets for this session with the user's recovery passcode
 * (`POST /api/v1/recovery/unlock`). A wrong passcode is `invalid_credentials` ("The recovery passcode
 * is not correct"); after 5 tries in 15 minutes every try is `too_many_requests`.
 *
 * @example
 * await unlockRecovery(client, { passcode })
 */
export async function unlockRecovery(
  client: SatchelClient,
  { passcode }: { passcode: string },
): Promise<RecoveryStatus> {
  return toRecoveryStatus(
    await client.request({ method: 'POST', path: '/api/v1/recovery/unlock', body: { passcode }, auth: true }),
  )
}
