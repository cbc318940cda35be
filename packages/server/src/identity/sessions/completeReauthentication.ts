import { ApiError } from '@satchel/core'
import { writeAudit } from '../../platform/audit/writeAudit'
import type { LoginMethod } from '../apps/types'
import type { ServerContext } from '../context'
import type { Auth } from '../requestContext'
import type { LinkedAccountInput } from '../users/usersRepository'

export type CompleteReauthenticationParameters = {
  method: LoginMethod
  /** The account the method has just proved (a code's address, a passkey, a wallet's address). */
  account: Pick<LinkedAccountInput, 'type' | 'subject'>
}

export type CompleteReauthenticationReturnType = { reauthenticated_at: number }

/**
 * The end of a "Confirm it's you" step, as {@link completeLogin} is the end of a login: the method
 * only proved an account; this decides it is the signed-in user's own, and records the proof time on
 * the CURRENT session instead of starting a new one. The step-up guard then accepts, for 5 minutes,
 * what needs a fresh login (export, unlinking, a first recovery lock) from a user without MFA.
 * An account of someone else (or of no one) is `invalid_credentials`: proving your own email does not
 * confirm you are the person signed in to another account.
 *
 * @example
 * const account = await verifyOtpAccount(...)
 * return completeReauthentication(ctx, auth, { method: 'email', account })
 */
export async function completeReauthentication(
  ctx: ServerContext,
  auth: Auth,
  { method, account }: CompleteReauthenticationParameters,
): Promise<CompleteReauthenticationReturnType> {
  const owner = await ctx.users.findUserIdByAccount(auth.app.id, account.type, account.subject)
  if (owner !== auth.userId) {
    await writeAudit(ctx.db, {
      appId: auth.app.id,
      userId: auth.userId,
      sessionId: auth.sessionId,
      action: `session.reauthenticate.${method}`,
      outcome: 'denied',
      details: { reason: 'account_of_another_user' },
    })
    throw new ApiError('invalid_credentials', {
      message: 'This account is not linked to the signed-in user: confirm with one of your own',
    })
  }
  const now = ctx.now()
  await ctx.db.query('update sessions set reauthenticated_at = $2 where id = $1', [
    auth.sessionId,
    new Date(now),
  ])
  await writeAudit(ctx.db, {
    appId: auth.app.id,
    userId: auth.userId,
    sessionId: auth.sessionId,
    action: `session.reauthenticate.${method}`,
    outcome: 'success',
  })
  return { reauthenticated_at: Math.floor(now / 1000) }
}
