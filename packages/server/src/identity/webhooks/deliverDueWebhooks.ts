import { randomBytes } from 'node:crypto'
import type { ServerContext } from '../context'
import { sendWebhook } from './sendWebhook'
import { signWebhook } from './signWebhook'
import { openWebhookSecret, type WebhookEndpointRow } from './webhookEndpoints'

/** Waits after failed attempts 1, 2, ...: exponential, about 24 hours in all, then the delivery fails. */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  5, 30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800, 28_800,
].map((seconds) => seconds * 1000)

/** An endpoint whose every attempt has failed for this long is disabled. */
export const DEFAULT_DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000

export type DeliveryOptions = {
  retryScheduleMs: readonly number[]
  disableAfterMs: number
  /** How long a claimed attempt is this worker's alone; longer than a send can take. */
  leaseMs: number
  timeoutMs: number
  batchSize: number
}

type Claimed = {
  id: string
  message_id: string
  payload: string
  attempts: number
  endpoint: Pick<WebhookEndpointRow, 'id' | 'url' | 'sealed_secret'>
}

type ClaimedRow = Omit<Claimed, 'endpoint'> & { endpoint_id: string; url: string; sealed_secret: Uint8Array }

/**
 * One pass of the delivery worker: claims the due attempts (rows locked with SKIP LOCKED, so
 * instances take different rows, then leased, so nobody else sends them while this one does), sends
 * them at once, and records each outcome. Answers how many it claimed. A send cut short by `signal`
 * (the server stopping) gives its row back untouched for the next worker.
 *
 * @example
 * const claimed = await deliverDueWebhooks(ctx, options, signal)
 */
export async function deliverDueWebhooks(
  ctx: Pick<ServerContext, 'db' | 'now' | 'encryptionKey' | 'config'>,
  options: DeliveryOptions,
  signal: AbortSignal,
): Promise<number> {
  const leaseToken = randomBytes(12).toString('base64url')
  const now = ctx.now()
  const rows = await ctx.db.query<ClaimedRow>(
    `with due as (
       select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
       where d.status = 'pending' and e.enabled and d.next_attempt_at <= $1
         and (d.lease_until is null or d.lease_until <= $1)
       order by d.next_attempt_at limit $2
       for update of d skip locked)
     update webhook_deliveries d set lease_token = $3, lease_until = $4, attempts = d.attempts + 1
     from due, webhook_endpoints e
     where d.id = due.id and e.id = d.endpoint_id
     returning d.id, d.message_id, d.payload, d.attempts, e.id as endpoint_id, e.url, e.sealed_secret`,
    [new Date(now), options.batchSize, leaseToken, new Date(now + options.leaseMs)],
  )
  await Promise.all(
    rows.map(async (row) => {
      const claimed: Claimed = {
        ...row,
        endpoint: { id: row.endpoint_id, url: row.url, sealed_secret: row.sealed_secret },
      }
      const result = await attempt(ctx, options, claimed, signal)
      if ('error' in result && signal.aborted) return release(ctx, claimed, leaseToken)
      await recordAttempt(ctx, options, claimed, leaseToken, result)
    }),
  )
  return rows.length
}

function attempt(
  ctx: Pick<ServerContext, 'now' | 'encryptionKey' | 'config'>,
  options: DeliveryOptions,
  claimed: Claimed,
  signal: AbortSignal,
) {
  const timestamp = Math.floor(ctx.now() / 1000)
  const secret = openWebhookSecret(ctx, claimed.endpoint)
  return sendWebhook({
    url: claimed.endpoint.url,
    body: claimed.payload,
    headers: {
      'webhook-id': claimed.message_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, claimed.message_id, timestamp, claimed.payload),
    },
    allowPrivate: ctx.config.env !== 'production',
    timeoutMs: options.timeoutMs,
    signal,
  })
}

async function recordAttempt(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  options: DeliveryOptions,
  claimed: Claimed,
  leaseToken: string,
  result: { statusCode: number } | { error: string },
): Promise<void> {
  const at = new Date(ctx.now())
  const code = 'statusCode' in result ? result.statusCode : null
  const succeeded = code !== null && code >= 200 && code < 300
  await ctx.db.transaction(async (tx) => {
    const wait = options.retryScheduleMs[claimed.attempts - 1]
    const status = succeeded ? 'succeeded' : wait === undefined ? 'failed' : 'pending'
    const lastError = succeeded ? null : 'error' in result ? result.error : `The receiver answered ${code}`
    await tx.query(
      `update webhook_deliveries set status = $3, last_response_code = $4, last_error = $5,
         next_attempt_at = $6, lease_token = null, lease_until = null, updated_at = $7
       where id = $1 and lease_token = $2`,
      [claimed.id, leaseToken, status, code, lastError, new Date(at.getTime() + (wait ?? 0)), at],
    )
    if (succeeded) {
      await tx.query('update webhook_endpoints set failing_since = null where id = $1', [claimed.endpoint.id])
      return
    }
    // A failure run starts at its first failure and ends at any success: three days of nothing but
    // failures is an endpoint nobody is looking after, and it is disabled (its queue is failed too).
    const [endpoint] = await tx.query<{ failing_since: Date; enabled: boolean }>(
      `update webhook_endpoints set failing_since = coalesce(failing_since, $2) where id = $1
       returning failing_since, enabled`,
      [claimed.endpoint.id, at],
    )
    if (!endpoint?.enabled || at.getTime() - endpoint.failing_since.getTime() < options.disableAfterMs) return
    await tx.query(
      `update webhook_endpoints set enabled = false, updated_at = $2,
         disabled_reason = 'Every delivery failed for 3 days' where id = $1`,
      [claimed.endpoint.id, at],
    )
    await tx.query(
      `update webhook_deliveries set status = 'failed', last_error = 'The endpoint was disabled', updated_at = $2
       where endpoint_id = $1 and status = 'pending' and lease_token is null`,
      [claimed.endpoint.id, at],
    )
  })
}

async function release(ctx: Pick<ServerContext, 'db'>, claimed: Claimed, leaseToken: string): Promise<void> {
  await ctx.db.query(
    `update webhook_deliveries set lease_token = null, lease_until = null, attempts = attempts - 1
     where id = $1 and lease_token = $2`,
    [claimed.id, leaseToken],
  )
}
