import type { WebhookEventType } from '@satchel/core/admin'
import { createId } from '../../platform/crypto/tokens'
import type { Db } from '../../platform/db/createDatabase'
import type { ServerContext } from '../context'

/**
 * The one way an event leaves Satchel for an app's backend: a delivery row, in the durable queue, for
 * every enabled endpoint of the app whose filter takes the event (the worker sends them, see
 * startWebhookWorker). Given the transaction of the change (`tx`), the event exists exactly when the
 * change does; otherwise call it right after the change. An app without endpoints costs one
 * statement that inserts nothing.
 *
 * `data` is what the app receives: ids and public facts, never a secret (no codes, tokens or keys).
 *
 * @example
 * await emitEvent(ctx, app.id, 'user.created', { user_id: userId }, tx)
 */
export async function emitEvent(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  appId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  tx: Db = ctx.db,
): Promise<void> {
  const at = new Date(ctx.now())
  const payload = JSON.stringify({ type, timestamp: at.toISOString(), data })
  await tx.query(
    `insert into webhook_deliveries
       (id, app_id, endpoint_id, message_id, event_type, payload, next_attempt_at, created_at, updated_at)
     select 'whd_' || replace(gen_random_uuid()::text, '-', ''), app_id, id, $2, $3, $4, $5, $5, $5
     from webhook_endpoints
     where app_id = $1 and enabled and (cardinality(event_types) = 0 or $3 = any(event_types))`,
    [appId, createId('msg'), type, payload, at],
  )
}
