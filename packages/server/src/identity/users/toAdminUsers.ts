import { ApiError } from '@satchel/core'
import type { ServerContext } from '../context'
import { readLastActive } from '../sessions/adminSessions'
import { type AdminUserJson, toAdminUser } from './toAdminUser'
import type { User } from './usersRepository'

/**
 * Users as the admin API answers them, with their wallets (from the wallets layer) and last activity
 * read once for all of them.
 *
 * @example
 * const [json] = await toAdminUsers(ctx, [user])
 */
export async function toAdminUsers(
  ctx: Pick<ServerContext, 'db' | 'userWallets'>,
  users: readonly User[],
): Promise<AdminUserJson[]> {
  const ids = users.map((user) => user.id)
  const [wallets, lastActive] = await Promise.all([
    ctx.userWallets.listWallets(ids),
    readLastActive(ctx.db, ids),
  ])
  return users.map((user) => toAdminUser(user, wallets.get(user.id) ?? [], lastActive.get(user.id) ?? null))
}

/**
 * The app's user `userId` as the admin API answers it; `user_does_not_exist` for an unknown user or
 * one of another app (a secret never learns that another app's user exists).
 *
 * @example
 * const json = await readAdminUser(ctx, appId, 'usr_...')
 */
export async function readAdminUser(
  ctx: ServerContext,
  appId: string,
  userId: string,
): Promise<AdminUserJson> {
  const user = await requireAppUser(ctx, appId, userId)
  const [json] = await toAdminUsers(ctx, [user])
  if (!json) throw new Error('no user answered')
  return json
}

/**
 * The app's user `userId`, or `user_does_not_exist` (also for a user of another app).
 *
 * @example
 * const user = await requireAppUser(ctx, caller.app.id, request.params.user_id)
 */
export async function requireAppUser(
  ctx: Pick<ServerContext, 'users'>,
  appId: string,
  userId: string,
): Promise<User> {
  const user = await ctx.users.getUser(userId)
  if (!user || user.appId !== appId) throw new ApiError('user_does_not_exist')
  return user
}
