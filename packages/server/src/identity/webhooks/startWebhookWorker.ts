import { setTimeout as sleep } from 'node:timers/promises'
import type { ServerContext } from '../context'
import {
  DEFAULT_DISABLE_AFTER_MS,
  DEFAULT_RETRY_SCHEDULE_MS,
  type DeliveryOptions,
  deliverDueWebhooks,
} from './deliverDueWebhooks'

export type WebhookWorkerOptions = Partial<DeliveryOptions> & {
  /** How often the queue is looked at when it was empty. */
  pollIntervalMs?: number
}

export type WebhookWorker = {
  /** Stops taking work, cuts sends in progress short (their rows go back to the queue), and waits. */
  stop(): Promise<void>
}

/**
 * The webhook delivery worker of one server instance: it looks at the queue in the database every
 * `pollIntervalMs` (at once again while it finds full batches), so events enqueued by any instance,
 * before a restart too, are sent by whichever instance is up.
 *
 * @example
 * const worker = startWebhookWorker(ctx, { pollIntervalMs: 1000 })
 * await worker.stop()
 */
export function startWebhookWorker(ctx: ServerContext, options: WebhookWorkerOptions = {}): WebhookWorker {
  const delivery: DeliveryOptions = {
    retryScheduleMs: options.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS,
    disableAfterMs: options.disableAfterMs ?? DEFAULT_DISABLE_AFTER_MS,
    leaseMs: options.leaseMs ?? 60_000,
    timeoutMs: options.timeoutMs ?? 10_000,
    batchSize: options.batchSize ?? 20,
  }
  const pollIntervalMs = options.pollIntervalMs ?? 1_000
  const stopping = new AbortController()
  const running = (async () => {
    while (!stopping.signal.aborted) {
      let claimed = 0
      try {
        claimed = await deliverDueWebhooks(ctx, delivery, stopping.signal)
      } catch (error) {
        if (stopping.signal.aborted) break
        ctx.log.warn({ err: error }, 'webhook delivery pass failed')
      }
      if (claimed === delivery.batchSize) continue
      await sleep(pollIntervalMs, undefined, { signal: stopping.signal }).catch(() => {})
    }
  })()
  return {
    async stop() {
      stopping.abort()
      await running
    },
  }
}
