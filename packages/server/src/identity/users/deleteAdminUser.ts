import { writeAudit } from '../../platform/audit/writeAudit'
import type { AdminActor } from '../appSecrets/readAdminActor'
import type { App } from '../apps/types'
import type { ServerContext } from '../context'
import { revokeSessions } from '../sessions/adminSessions'
import { forgetSessions } from '../sessions/sessionCache'
import { emitEvent } from '../webhooks/emitEvent'
import { setUserDeleted } from './adminUserQueries'
import { requireAppUser } from './toAdminUsers'

const DAY_MS = 24 * 60 * 60 * 1000

export type DeleteAdminUserReturnType = { id: string; deletedAt: Date; purgeAfter: Date }

/**
 * Deletes a user of the app at once, restorably until the app's grace period ends: their wallets are
 * revoked first (nothing signs with them from here, delegated signers included), then in one
 * transaction the user is marked deleted, every session revoked and `user.deleted` queued for the
 * app's webhooks; every instance then drops the cached sessions, so the next request or refresh of
 * any of them fails. The prune job removes the user for good after `purge_after`. Deleting a deleted
 * user answers the first deletion. Audited with who did it.
 *
 * @example
 * const { purgeAfter } = await deleteAdminUser(ctx, { app, actor, userId })
 */
export async function deleteAdminUser(
  ctx: ServerContext,
  { app, actor, userId }: { app: App; actor: AdminActor; userId: string },
): Promise<DeleteAdminUserReturnType> {
  const user = await requireAppUser(ctx, app.id, userId)
  if (user.deletedAt && user.purgeAfter)
    return { id: user.id, deletedAt: user.deletedAt, purgeAfter: user.purgeAfter }
  const deletedAt = new Date(ctx.now())
  const purgeAfter = new Date(deletedAt.getTime() + app.deletionGraceDays * DAY_MS)
  const wallets = await ctx.userWallets.revokeWallets(userId, deletedAt)
  const sessions = await ctx.db.transaction(async (tx) => {
    await setUserDeleted(tx, userId, { deletedAt, purgeAfter })
    const revoked = await revokeSessions(ctx, { userId, reason: 'user_deleted', tx })
    await emitEvent(
      ctx,
      app.id,
      'user.deleted',
      { user_id: userId, deleted_at: deletedAt.toISOString(), purge_after: purgeAfter.toISOString() },
      tx,
    )
    return revoked
  })
  await forgetSessions(ctx, { userId })
  await writeAudit(ctx.db, {
    appId: app.id,
    userId,
    action: 'user.deleted',
    outcome: 'success',
    details: { actor, purge_after: purgeAfter.toISOString(), sessions: sessions.length, wallets },
  })
  return { id: userId, deletedAt, purgeAfter }
}
