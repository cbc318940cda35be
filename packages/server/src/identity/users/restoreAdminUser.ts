import { ApiError } from '@satchel/core'
import { writeAudit } from '../../platform/audit/writeAudit'
import type { AdminActor } from '../appSecrets/readAdminActor'
import type { App } from '../apps/types'
import type { ServerContext } from '../context'
import { setUserDeleted } from './adminUserQueries'
import { requireAppUser } from './toAdminUsers'

/**
 * Undoes a deletion before its grace period ends: the user and their wallets are back (their
 * sessions stay ended: the person signs in again). Once `purge_after` has passed the deletion is
 * final, even before the prune job has removed the row: `user_does_not_exist`. Restoring a user who
 * is not deleted changes nothing. Audited with who did it.
 *
 * @example
 * await restoreAdminUser(ctx, { app, actor, userId })
 */
export async function restoreAdminUser(
  ctx: ServerContext,
  { app, actor, userId }: { app: App; actor: AdminActor; userId: string },
): Promise<void> {
  const user = await requireAppUser(ctx, app.id, userId)
  if (!user.deletedAt) return
  if (!user.purgeAfter || user.purgeAfter.getTime() <= ctx.now())
    throw new ApiError('user_does_not_exist', { message: 'The grace period is over: this deletion is final' })
  await setUserDeleted(ctx.db, userId, { deletedAt: null, purgeAfter: null })
  await ctx.userWallets.restoreWallets(userId)
  await writeAudit(ctx.db, {
    appId: app.id,
    userId,
    action: 'user.restored',
    outcome: 'success',
    details: { actor },
  })
}
