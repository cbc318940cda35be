import { ApiError } from '@satchel/core'
import { createId } from '../../platform/crypto/tokens'
import type { ServerContext } from '../context'
import { WEBHOOK_TEST_EVENT } from './eventTypes'
import { requireWebhookEndpoint } from './webhookEndpoints'

export type WebhookDelivery = {
  id: string
  endpointId: string
  messageId: string
  eventType: string
  payload: string
  status: 'pending' | 'succeeded' | 'failed'
  attempts: number
  nextAttemptAt: Date
  lastResponseCode: number | null
  lastError: string | null
  createdAt: Date
  updatedAt: Date
}

type Row = {
  id: string
  endpoint_id: string
  message_id: string
  event_type: string
  payload: string
  status: WebhookDelivery['status']
  attempts: number
  next_attempt_at: Date
  last_response_code: number | null
  last_error: string | null
  created_at: Date
  updated_at: Date
}

type Ctx = Pick<ServerContext, 'db' | 'now' | 'encryptionKey'>

const COLUMNS = `id, endpoint_id, message_id, event_type, payload, status, attempts, next_attempt_at,
  last_response_code, last_error, created_at, updated_at`

/**
 * A page of an endpoint's delivery log, newest first. The cursor is the last row's position
 * (`created_at` and id), so rows added while paging neither repeat nor shift the pages.
 *
 * @example
 * const { deliveries, nextCursor } = await listWebhookDeliveries(ctx, app.id, endpointId, { limit: 50 })
 */
export async function listWebhookDeliveries(
  ctx: Ctx,
  appId: string,
  endpointId: string,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
  await requireWebhookEndpoint(ctx, appId, endpointId)
  const after = cursor === undefined ? undefined : parseCursor(cursor)
  const rows = await ctx.db.query<Row>(
    `select ${COLUMNS} from webhook_deliveries
     where endpoint_id = $1 and app_id = $2
       and ($3::timestamptz is null or (created_at, id) < ($3::timestamptz, $4::text))
     order by created_at desc, id desc limit $5`,
    [endpointId, appId, after?.createdAt ?? null, after?.id ?? '', limit + 1],
  )
  const page = rows.slice(0, limit).map(toDelivery)
  const last = page.at(-1)
  return {
    deliveries: page,
    nextCursor: rows.length > limit && last ? formatCursor(last) : null,
  }
}

/**
 * Sends a delivered (or failed) message again, as a new delivery with the same message id (a
 * receiver that already handled it can tell by `webhook-id`); the old row stays in the log.
 *
 * @example
 * const again = await replayWebhookDelivery(ctx, app.id, 'whd_...')
 */
export async function replayWebhookDelivery(
  ctx: Ctx,
  appId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const [original] = await ctx.db.query<Row>(
    `select ${COLUMNS} from webhook_deliveries where id = $1 and app_id = $2`,
    [deliveryId, appId],
  )
  if (!original) throw new ApiError('webhook_delivery_not_found')
  const endpoint = await requireWebhookEndpoint(ctx, appId, original.endpoint_id)
  if (!endpoint.enabled) throw new ApiError('webhook_endpoint_disabled')
  return insertDelivery(ctx, appId, endpoint.id, original.message_id, original.event_type, original.payload)
}

/**
 * Queues a `webhook.test` message for one endpoint, whatever its filter, so the app can check its
 * receiver and signature verification end to end.
 *
 * @example
 * const delivery = await sendTestWebhook(ctx, app.id, endpointId)
 */
export async function sendTestWebhook(ctx: Ctx, appId: string, endpointId: string): Promise<WebhookDelivery> {
  const endpoint = await requireWebhookEndpoint(ctx, appId, endpointId)
  if (!endpoint.enabled) throw new ApiError('webhook_endpoint_disabled')
  const at = new Date(ctx.now())
  const payload = JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    timestamp: at.toISOString(),
    data: { endpoint_id: endpoint.id, app_id: appId },
  })
  return insertDelivery(ctx, appId, endpoint.id, createId('msg'), WEBHOOK_TEST_EVENT, payload)
}

async function insertDelivery(
  ctx: Ctx,
  appId: string,
  endpointId: string,
  messageId: string,
  eventType: string,
  payload: string,
): Promise<WebhookDelivery> {
  const at = new Date(ctx.now())
  const [row] = await ctx.db.query<Row>(
    `insert into webhook_deliveries
       (id, app_id, endpoint_id, message_id, event_type, payload, next_attempt_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $7) returning ${COLUMNS}`,
    [createId('whd'), appId, endpointId, messageId, eventType, payload, at],
  )
  if (!row) throw new Error('insert returned nothing')
  return toDelivery(row)
}

function toDelivery(row: Row): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    messageId: row.message_id,
    eventType: row.event_type,
    payload: row.payload,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastResponseCode: row.last_response_code,
    lastError: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

function formatCursor(delivery: WebhookDelivery): string {
  return Buffer.from(JSON.stringify([delivery.createdAt.toISOString(), delivery.id])).toString('base64url')
}

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') {
      const createdAt = new Date(parsed[0])
      if (!Number.isNaN(createdAt.getTime())) return { createdAt, id: parsed[1] }
    }
  } catch {}
  throw new ApiError('invalid_data', { message: 'Invalid cursor' })
}
