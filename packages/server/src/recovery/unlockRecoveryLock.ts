import { ApiError } from '@satchel/core'
import { writeAudit } from '../audit/writeAudit'
import type { ServerContext } from '../context'
import type { Auth } from '../http/requestContext'
import { openRecoveryLock, type RecoveryLock } from './recoveryLocks'
import { rememberSessionUnlock } from './sessionUnlock'

/** Wrong recovery secrets allowed per user in {@link RECOVERY_ATTEMPT_WINDOW_SECONDS}. */
export const RECOVERY_MAX_ATTEMPTS = 5
export const RECOVERY_ATTEMPT_WINDOW_SECONDS = 15 * 60

export type UnlockRecoveryLockParameters = {
  auth: Auth
  lock: RecoveryLock
  /** Derives (passcode) or fetches (Google Drive) the user's key; only called while tries remain. */
  secretKey: () => Promise<Uint8Array>
  /** What the user is told when the key does not open the lock. */
  wrongSecretMessage: string
}

/**
 * Opens a locked root with the user's secret and unlocks it for this session. Tries are counted per
 * user before the key is even derived (shared through Redis, so parallel guesses on several
 * instances count too): after {@link RECOVERY_MAX_ATTEMPTS} tries in 15 minutes every try, even the
 * right one, is `too_many_requests`; a success clears the count. A passcode of 40 bits behind
 * scrypt at 5 tries per 15 minutes cannot be walked through.
 *
 * @throws {ApiError} `invalid_credentials` for a wrong secret, `too_many_requests` when out of tries.
 * @example
 * const authShare = await unlockRecoveryLock(ctx, { auth, lock, secretKey: () => derivePasscodeKey(passcode, salt), wrongSecretMessage })
 */
export async function unlockRecoveryLock(
  ctx: ServerContext,
  { auth, lock, secretKey, wrongSecretMessage }: UnlockRecoveryLockParameters,
): Promise<Uint8Array> {
  const attemptsKey = `recovery:attempts:${lock.userId}`
  const attempts = await ctx.kv.increment(attemptsKey, RECOVERY_ATTEMPT_WINDOW_SECONDS)
  if (attempts > RECOVERY_MAX_ATTEMPTS) throw new ApiError('too_many_requests')
  const authShare = openRecoveryLock(ctx, lock, await secretKey())
  const audit = {
    appId: auth.app.id,
    userId: auth.userId,
    sessionId: auth.sessionId,
    action: 'recovery.unlock',
  }
  if (!authShare) {
    await writeAudit(ctx.db, {
      ...audit,
      outcome: 'failure',
      details: { method: lock.kind, attempt: attempts },
    })
    throw new ApiError('invalid_credentials', { message: wrongSecretMessage })
  }
  await ctx.kv.delete(attemptsKey)
  await rememberSessionUnlock(ctx, { sessionId: auth.sessionId, rootId: lock.rootId }, authShare)
  await writeAudit(ctx.db, { ...audit, outcome: 'success', details: { method: lock.kind } })
  return authShare
}
