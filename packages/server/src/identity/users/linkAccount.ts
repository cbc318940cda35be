import { ApiError } from '@satchel/core'
import { writeAudit } from '../../platform/audit/writeAudit'
import type { Db } from '../../platform/db/createDatabase'
import type { LoginMethod } from '../apps/types'
import type { ServerContext } from '../context'
import type { Auth } from '../requestContext'
import { emitEvent } from '../webhooks/emitEvent'
import { toEventAccount } from '../webhooks/toEventAccount'
import type { LinkedAccountInput, User } from './usersRepository'

/** The most accounts (ways in) one user can hold, of every type together. */
export const MAX_LINKED_ACCOUNTS = 20

/**
 * How many accounts of one type a user can hold. A person has one email, one phone, one account per
 * social provider; they may carry several passkeys (one per device) and several wallets.
 */
export const LINKED_ACCOUNT_LIMITS: Readonly<Record<string, number>> = {
  email: 1,
  phone: 1,
  custom_auth: 1,
  guest: 1,
  telegram: 1,
  farcaster: 1,
  passkey: 5,
  wallet: 10,
}

/**
 * The per-type limit: the table above, and 1 for any other type (each social provider, such as
 * `google_oauth` or `github_oauth`, is its own type).
 *
 * @example
 * getLinkedAccountLimit('wallet') // 10
 * getLinkedAccountLimit('discord_oauth') // 1
 */
export function getLinkedAccountLimit(type: string): number {
  return LINKED_ACCOUNT_LIMITS[type] ?? 1
}

export type LinkAccountErrorType = ApiError

/**
 * Links an account the caller has just proved (a verified code, a signature, an OAuth callback) to
 * the signed-in user, applying the linking rules in this order:
 * - the app has the method off: `disallowed_login_method`;
 * - another user of the app owns the account: `linked_to_another_user`;
 * - this user already owns it: the user is returned unchanged;
 * - the user holds the per-type limit already: `cannot_link_more_of_type`;
 * - the user holds {@link MAX_LINKED_ACCOUNTS} accounts already: `max_accounts_reached`.
 * Linking a guest's first real account makes the user a full user (`is_guest` false).
 *
 * @example
 * const user = await linkAccount(ctx, auth, { type: 'email', subject: 'ada@example.com', details: { address: 'ada@example.com' } }, 'email')
 */
export async function linkAccount(
  ctx: ServerContext,
  auth: Auth,
  account: LinkedAccountInput,
  method: LoginMethod,
): Promise<User> {
  if (!auth.app.loginMethods.includes(method)) throw new ApiError('disallowed_login_method')
  const added = await ctx.db.transaction(async (tx) => {
    // The user row is locked, so two links (or a link and an unlink) of the same user take turns:
    // two concurrent links cannot both pass the limits, and the limits count what is really there.
    await lockUser(tx, auth.userId)
    const owner = await ctx.users.findUserIdByAccount(auth.app.id, account.type, account.subject, tx)
    if (owner === auth.userId) return false
    if (owner) throw new ApiError('linked_to_another_user')
    const counts = await tx.query<{ type: string; n: string }>(
      'select type, count(*) as n from linked_accounts where user_id = $1 group by type',
      [auth.userId],
    )
    const ofType = Number(counts.find((c) => c.type === account.type)?.n ?? 0)
    if (ofType >= getLinkedAccountLimit(account.type)) throw new ApiError('cannot_link_more_of_type')
    const total = counts.reduce((sum, c) => sum + Number(c.n), 0)
    if (total >= MAX_LINKED_ACCOUNTS) throw new ApiError('max_accounts_reached')
    // A concurrent first login with the same account (which holds no lock on this user) loses to
    // the unique key: the insert then fails with `linked_to_another_user`.
    await ctx.users.linkAccount(tx, auth.app.id, auth.userId, account)
    const linked = { user_id: auth.userId, account: toEventAccount(account) }
    await emitEvent(ctx, auth.app.id, 'user.linked_account', linked, tx)
    return true
  })
  if (added) {
    await writeAudit(ctx.db, {
      appId: auth.app.id,
      userId: auth.userId,
      sessionId: auth.sessionId,
      action: `account.link.${method}`,
      outcome: 'success',
      details: { type: account.type },
    })
  }
  return ctx.users.requireUser(auth.userId)
}

export type UnlinkAccountErrorType = ApiError

/**
 * Removes one of the signed-in user's accounts. The user keeps at least one way in: a guest
 * credential counts only while it is the user's only account (once a guest links a real account
 * they are no longer a guest, and the device-held credential is not a way back in to rely on), so
 * the last non-guest account cannot go (`cannot_unlink_last_account`). An account this user does
 * not hold is `failed_to_update_account`.
 *
 * @example
 * const user = await unlinkAccount(ctx, auth, 'email', 'ada@example.com')
 */
export async function unlinkAccount(
  ctx: ServerContext,
  auth: Auth,
  type: string,
  subject: string,
): Promise<User> {
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, auth.userId)
    const accounts = await tx.query<{ type: string; subject: string }>(
      'select type, subject from linked_accounts where user_id = $1',
      [auth.userId],
    )
    const target = accounts.find((a) => a.type === type && a.subject === subject)
    if (!target)
      throw new ApiError('failed_to_update_account', { message: 'This account is not linked to the user' })
    const realAccounts = accounts.filter((a) => a.type !== 'guest')
    const waysIn = realAccounts.length > 0 ? realAccounts : accounts
    if (waysIn.includes(target) && waysIn.length === 1) throw new ApiError('cannot_unlink_last_account')
    await ctx.users.unlinkAccount(auth.userId, type, subject, tx)
    const unlinked = { user_id: auth.userId, account: toEventAccount({ type, subject }) }
    await emitEvent(ctx, auth.app.id, 'user.unlinked_account', unlinked, tx)
  })
  await writeAudit(ctx.db, {
    appId: auth.app.id,
    userId: auth.userId,
    sessionId: auth.sessionId,
    action: 'account.unlink',
    outcome: 'success',
    details: { type },
  })
  return ctx.users.requireUser(auth.userId)
}

async function lockUser(tx: Db, userId: string): Promise<void> {
  const [row] = await tx.query('select id from users where id = $1 for update', [userId])
  if (!row) throw new ApiError('user_does_not_exist')
}
