import type { ServerContext } from '../../identity/context'
import type { Auth } from '../../identity/requestContext'

/**
 * The `freshLogin` rule of the routes that set a recovery lock: true while the user's wallets have
 * none, so a FIRST lock (passcode or Google Drive) needs a login proved in the last 5 minutes from a
 * user without MFA. A signing session alone could otherwise lock the owner out of their own wallets
 * and hold them to ransom. Changing an existing lock needs the current passcode (or a session
 * unlocked with it) instead, which the route checks.
 *
 * @example
 * config: { guard: 'user+signed+stepup', freshLogin: isFirstRecoveryLock }
 */
export async function isFirstRecoveryLock(ctx: ServerContext, auth: Auth): Promise<boolean> {
  const rows = await ctx.db.query('select 1 from recovery_locks where user_id = $1 limit 1', [auth.userId])
  return rows.length === 0
}
