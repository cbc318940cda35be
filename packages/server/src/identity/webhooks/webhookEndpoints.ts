import { ApiError } from '@satchel/core'
import { open, seal } from '../../platform/crypto/seal'
import { createId } from '../../platform/crypto/tokens'
import type { ServerContext } from '../context'
import { createWebhookSecret } from './signWebhook'

/** How many endpoints an app may have. */
export const MAX_WEBHOOK_ENDPOINTS = 20

export type WebhookEndpoint = {
  id: string
  appId: string
  url: string
  description: string
  eventTypes: string[]
  enabled: boolean
  disabledReason: string | null
  failingSince: Date | null
  createdAt: Date
  updatedAt: Date
}

export type WebhookEndpointRow = {
  id: string
  app_id: string
  url: string
  description: string
  event_types: string[]
  sealed_secret: Uint8Array
  enabled: boolean
  disabled_reason: string | null
  failing_since: Date | null
  created_at: Date
  updated_at: Date
}

type Ctx = Pick<ServerContext, 'db' | 'now' | 'encryptionKey'>

/**
 * Adds an endpoint and answers it with its signing secret, shown this once (the server keeps it
 * sealed under its own key: it must sign with it).
 *
 * @example
 * const { endpoint, secret } = await createWebhookEndpoint(ctx, app.id, { url, description: '', eventTypes: [] })
 */
export async function createWebhookEndpoint(
  ctx: Ctx,
  appId: string,
  fields: { url: string; description: string; eventTypes: string[] },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  return ctx.db.transaction(async (tx) => {
    await tx.query('select id from apps where id = $1 for update', [appId])
    const [count] = await tx.query<{ n: number }>(
      'select count(*)::int as n from webhook_endpoints where app_id = $1',
      [appId],
    )
    if ((count?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new ApiError('webhook_endpoint_limit_reached')
    const id = createId('whe')
    const secret = createWebhookSecret()
    const at = new Date(ctx.now())
    const [row] = await tx.query<WebhookEndpointRow>(
      `insert into webhook_endpoints (id, app_id, url, description, event_types, sealed_secret, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $7) returning *`,
      [id, appId, fields.url, fields.description, fields.eventTypes, sealSecret(ctx, id, secret), at],
    )
    if (!row) throw new Error('insert returned nothing')
    return { endpoint: toEndpoint(row), secret }
  })
}

/** The app's endpoints, oldest first. */
export async function listWebhookEndpoints(ctx: Ctx, appId: string): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db.query<WebhookEndpointRow>(
    'select * from webhook_endpoints where app_id = $1 order by created_at, id',
    [appId],
  )
  return rows.map(toEndpoint)
}

/**
 * One of the app's endpoints; another app's is `webhook_endpoint_not_found`, as if it did not exist.
 *
 * @example
 * const endpoint = await requireWebhookEndpoint(ctx, app.id, request.params.endpoint_id)
 */
export async function requireWebhookEndpoint(ctx: Ctx, appId: string, id: string): Promise<WebhookEndpoint> {
  const [row] = await ctx.db.query<WebhookEndpointRow>(
    'select * from webhook_endpoints where id = $1 and app_id = $2',
    [id, appId],
  )
  if (!row) throw new ApiError('webhook_endpoint_not_found')
  return toEndpoint(row)
}

/**
 * Changes an endpoint. Enabling one again clears its failure run, so it gets three fresh days.
 *
 * @example
 * await updateWebhookEndpoint(ctx, app.id, id, { enabled: true })
 */
export async function updateWebhookEndpoint(
  ctx: Ctx,
  appId: string,
  id: string,
  patch: {
    url?: string | undefined
    description?: string | undefined
    eventTypes?: string[] | undefined
    enabled?: boolean | undefined
  },
): Promise<WebhookEndpoint> {
  const current = await requireWebhookEndpoint(ctx, appId, id)
  const enabling = patch.enabled === true && !current.enabled
  const [row] = await ctx.db.query<WebhookEndpointRow>(
    `update webhook_endpoints set url = $3, description = $4, event_types = $5, enabled = $6,
       disabled_reason = case when $6 then null else coalesce(disabled_reason, 'Disabled by the app') end,
       failing_since = case when $7 then null else failing_since end, updated_at = $8
     where id = $1 and app_id = $2 returning *`,
    [
      id,
      appId,
      patch.url ?? current.url,
      patch.description ?? current.description,
      patch.eventTypes ?? current.eventTypes,
      patch.enabled ?? current.enabled,
      enabling,
      new Date(ctx.now()),
    ],
  )
  if (!row) throw new ApiError('webhook_endpoint_not_found')
  return toEndpoint(row)
}

/** Deletes an endpoint and its delivery log. */
export async function deleteWebhookEndpoint(ctx: Ctx, appId: string, id: string): Promise<void> {
  const rows = await ctx.db.query(
    'delete from webhook_endpoints where id = $1 and app_id = $2 returning id',
    [id, appId],
  )
  if (rows.length === 0) throw new ApiError('webhook_endpoint_not_found')
}

/**
 * Replaces an endpoint's signing secret; messages sent from now on are signed with the new one only.
 *
 * @example
 * const secret = await rotateWebhookSecret(ctx, app.id, id)
 */
export async function rotateWebhookSecret(ctx: Ctx, appId: string, id: string): Promise<string> {
  const secret = createWebhookSecret()
  const rows = await ctx.db.query(
    'update webhook_endpoints set sealed_secret = $3, updated_at = $4 where id = $1 and app_id = $2 returning id',
    [id, appId, sealSecret(ctx, id, secret), new Date(ctx.now())],
  )
  if (rows.length === 0) throw new ApiError('webhook_endpoint_not_found')
  return secret
}

/** The endpoint's signing secret, opened for signing (never returned by a route after creation). */
export function openWebhookSecret(
  ctx: Pick<ServerContext, 'encryptionKey'>,
  row: Pick<WebhookEndpointRow, 'id' | 'sealed_secret'>,
): string {
  return Buffer.from(open(ctx.encryptionKey, row.sealed_secret, `webhook:${row.id}`)).toString('utf8')
}

function sealSecret(ctx: Pick<ServerContext, 'encryptionKey'>, id: string, secret: string): Uint8Array {
  return seal(ctx.encryptionKey, Buffer.from(secret, 'utf8'), `webhook:${id}`)
}

export function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    appId: row.app_id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
