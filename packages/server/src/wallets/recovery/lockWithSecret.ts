import type { ServerContext } from '../../identity/context'
import type { Auth } from '../../identity/requestContext'
import { writeAudit } from '../../platform/audit/writeAudit'
import { type SaveRecoveryLockParameters, saveRecoveryLock } from './recoveryLocks'
import { rememberSessionUnlock } from './sessionUnlock'

/**
 * Locks the user's root behind a new secret (first time, or replacing the old one) and keeps this
 * session unlocked: the user has just shown the secret, and other sessions must show it too.
 * Signing rows cached by this instance are dropped at once so the old API-sealed copy is not used
 * again here (other instances drop theirs within their cache lifetime, 30 s).
 *
 * @example
 * await lockWithSecret(ctx, auth, { rootId, userId, kind: 'passcode', secretKey, authShare, salt, kdf })
 */
export async function lockWithSecret(
  ctx: ServerContext,
  auth: Auth,
  parameters: SaveRecoveryLockParameters,
): Promise<void> {
  await saveRecoveryLock(ctx, parameters)
  await ctx.wallets.forgetSigningWallets(parameters.userId)
  await rememberSessionUnlock(
    ctx,
    { sessionId: auth.sessionId, rootId: parameters.rootId },
    parameters.authShare,
  )
  await writeAudit(ctx.db, {
    appId: auth.app.id,
    userId: auth.userId,
    sessionId: auth.sessionId,
    action: 'recovery.set',
    outcome: 'success',
    details: { method: parameters.kind },
  })
}
