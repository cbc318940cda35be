import type { WebhookEventType } from '@satchel/core/admin'
import type { Db } from '../../platform/db/createDatabase'
import type { ServerContext } from '../context'
import { emitEvent } from './emitEvent'

/**
 * {@link emitEvent} for code that knows the user but not the app (a user belongs to one app): the
 * app is read from the user's row, in `tx` when given.
 *
 * @example
 * await emitUserEvent(ctx, userId, 'mfa.enabled', { method: 'totp' })
 */
export async function emitUserEvent(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  userId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  tx: Db = ctx.db,
): Promise<void> {
  const [user] = await tx.query<{ app_id: string }>('select app_id from users where id = $1', [userId])
  if (user) await emitEvent(ctx, user.app_id, type, { user_id: userId, ...data }, tx)
}
