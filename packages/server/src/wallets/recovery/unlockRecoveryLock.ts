import { ApiError } from '@satchel/core'
import type { ServerContext } from '../../identity/context'
import type { Auth } from '../../identity/requestContext'
import { writeAudit } from '../../platform/audit/writeAudit'
import { type GuessLimits, startGuess } from '../../platform/http/limitGuesses'
import { openRecoveryLock, type RecoveryLock } from './recoveryLocks'
import { rememberSessionUnlock } from './sessionUnlock'

/** Recovery tries allowed per session and per (user, address) in {@link RECOVERY_ATTEMPT_WINDOW_SECONDS}. */
export const RECOVERY_MAX_ATTEMPTS = 5
export const RECOVERY_ATTEMPT_WINDOW_SECONDS = 15 * 60

/**
 * Five tries per session and per (user, address), ten wrong ones per user from anywhere, in 15 minutes:
 * a thief with one stolen session holds only that session, never the owner's unlock on another device.
 */
export const RECOVERY_GUESS_LIMITS: GuessLimits = {
  perSession: { limit: RECOVERY_MAX_ATTEMPTS, windowSeconds: RECOVERY_ATTEMPT_WINDOW_SECONDS },
  perUserAndIp: { limit: RECOVERY_MAX_ATTEMPTS, windowSeconds: RECOVERY_ATTEMPT_WINDOW_SECONDS },
  perUser: { limit: 2 * RECOVERY_MAX_ATTEMPTS, windowSeconds: RECOVERY_ATTEMPT_WINDOW_SECONDS },
}

export type UnlockRecoveryLockParameters = {
  auth: Auth
  /** The client's address (`clientIp`): tries are counted per session and per address. */
  ip: string
  lock: RecoveryLock
  /** Derives (passcode) or fetches (Google Drive) the user's key; only called while tries remain. */
  secretKey: () => Promise<Uint8Array>
  /** What the user is told when the key does not open the lock. */
  wrongSecretMessage: string
}

/**
 * Opens a locked root with the user's secret and unlocks it for this session. Tries are counted
 * before the key is even derived ({@link RECOVERY_GUESS_LIMITS}, shared through Redis, so parallel
 * guesses on several instances count too): after {@link RECOVERY_MAX_ATTEMPTS} tries in 15 minutes
 * from this session or this address every try, even the right one, is `too_many_requests`; a success
 * clears them. A passcode of 40 bits behind scrypt at 10 wrong tries per 15 minutes cannot be walked
 * through, and a thief's wrong tries never lock the owner's own session.
 *
 * @throws {ApiError} `invalid_credentials` for a wrong secret, `too_many_requests` when out of tries.
 * @example
 * const authShare = await unlockRecoveryLock(ctx, { auth, lock, secretKey: () => derivePasscodeKey(passcode, salt), wrongSecretMessage })
 */
export async function unlockRecoveryLock(
  ctx: ServerContext,
  { auth, ip, lock, secretKey, wrongSecretMessage }: UnlockRecoveryLockParameters,
): Promise<Uint8Array> {
  const guess = await startGuess(ctx.kv, {
    secret: 'recovery',
    userId: lock.userId,
    sessionId: auth.sessionId,
    ip,
    limits: RECOVERY_GUESS_LIMITS,
    scale: ctx.config.rateLimitScale,
  })
  const authShare = openRecoveryLock(ctx, lock, await secretKey())
  const audit = {
    appId: auth.app.id,
    userId: auth.userId,
    sessionId: auth.sessionId,
    action: 'recovery.unlock',
  }
  if (!authShare) {
    await guess.failed()
    await writeAudit(ctx.db, { ...audit, outcome: 'failure', details: { method: lock.kind } })
    throw new ApiError('invalid_credentials', { message: wrongSecretMessage })
  }
  await guess.succeeded()
  await rememberSessionUnlock(ctx, { sessionId: auth.sessionId, rootId: lock.rootId }, authShare)
  await writeAudit(ctx.db, { ...audit, outcome: 'success', details: { method: lock.kind } })
  return authShare
}
