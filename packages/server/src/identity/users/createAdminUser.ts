import { ApiError } from '@satchel/core'
import { writeAudit } from '../../platform/audit/writeAudit'
import type { AdminActor } from '../appSecrets/readAdminActor'
import { devUserLimitOf } from '../apps/devUserLimitOf'
import type { App } from '../apps/types'
import type { ServerContext } from '../context'
import { emitEvent } from '../webhooks/emitEvent'
import { toEventAccount } from '../webhooks/toEventAccount'
import { type AdminAccount, toLinkedAccountInput } from './adminUserInput'

export type CreateAdminUserParameters = {
  app: App
  actor: AdminActor
  accounts: readonly AdminAccount[]
  chainTypes: ReadonlyArray<'ethereum' | 'solana'>
}

/**
 * A user made by the app's backend ahead of their first login: their accounts stored as their login
 * methods store them, and their wallets made now by the same code a user's own first wallet goes
 * through, so whoever first signs in with any of those accounts is this user and finds them. An
 * account someone already holds is `linked_to_another_user` and nothing is made. A development app's
 * user cap applies as at sign-up. Answers the new user's id.
 *
 * @example
 * const userId = await createAdminUser(ctx, { app, actor, accounts: [{ type: 'email', address }], chainTypes: ['ethereum'] })
 */
export async function createAdminUser(
  ctx: ServerContext,
  { app, actor, accounts, chainTypes }: CreateAdminUserParameters,
): Promise<string> {
  const [first, ...rest] = accounts.map(toLinkedAccountInput)
  if (!first) throw new ApiError('invalid_data', { message: 'Invalid request data: linked_accounts' })
  const limit = devUserLimitOf(app, ctx.config)
  if (limit !== undefined && (await ctx.users.countUsers(app.id, limit)) >= limit)
    throw new ApiError('development_mode_user_limit')
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await ctx.users.createUser(tx, app.id, first)
    for (const account of rest) await ctx.users.linkAccount(tx, app.id, id, account)
    await emitEvent(
      ctx,
      app.id,
      'user.created',
      { user_id: id, is_guest: false, account: toEventAccount(first) },
      tx,
    )
    return id
  })
  await ctx.userWallets.createWallets(app.id, userId, [...new Set(chainTypes)])
  await writeAudit(ctx.db, {
    appId: app.id,
    userId,
    action: 'user.created_by_admin',
    outcome: 'success',
    details: { actor, accounts: accounts.map((account) => account.type), wallets: chainTypes },
  })
  return userId
}
