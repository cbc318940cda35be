import type { SatchelClient } from '../createSatchelClient'
import { isRecord } from '../parse'
import type { ReadParameters } from './readParameters'

/** The recovery lock on the user's wallets, as this session sees it. */
export type RecoveryStatus = {
  /** How the wallets are locked (`passcode`, `google_drive`), or null when they are not. */
  method: 'passcode' | 'google_drive' | null
  /** Whether this session can sign (always true without a lock). */
  unlocked: boolean
}

/**
 * Reads the recovery lock (`GET /api/v1/recovery`). With a recovery passcode set, a new session
 * cannot sign (`recovery_required`) until the user unlocks it with `unlockRecovery`.
 *
 * @example
 * const { method, unlocked } = await getRecoveryStatus(client)
 * if (method && !unlocked) showUnlockForm()
 */
export async function getRecoveryStatus(
  client: SatchelClient,
  { signal }: ReadParameters = {},
): Promise<RecoveryStatus> {
  return toRecoveryStatus(
    await client.request({ method: 'GET', path: '/api/v1/recovery', auth: true, signal }),
  )
}

/** The status in a recovery route's answer (unknown fields read as "no lock", "not unlocked"). */
export function toRecoveryStatus(answer: unknown): RecoveryStatus {
  return {
    method:
      isRecord(answer) && (answer.method === 'passcode' || answer.method === 'google_drive')
        ? answer.method
        : null,
    unlocked: isRecord(answer) && answer.unlocked === true,
  }
}
