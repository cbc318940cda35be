import { ApiError } from '@satchel/core/errors'
import { Webhook } from 'standardwebhooks'
import { z } from 'zod'

const webhookEventSchema = z.object({
  /** `user.created`, `wallet.transaction.confirmed`, ... (`webhook.test` from "send test event"). */
  type: z.string(),
  /** When the event happened, ISO 8601. */
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
})

/** An event as Satchel sends it to a webhook endpoint. */
export type WebhookEvent = z.infer<typeof webhookEventSchema>

/** The request's headers: a Fetch `Headers`, or a plain record such as Node's `request.headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

export type VerifyWebhookErrorType = ApiError

const HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const

/**
 * Checks that a webhook request came from Satchel, by the Standard Webhooks specification: the
 * `webhook-signature` over `webhook-id`, `webhook-timestamp` and the body, with the endpoint's
 * `whsec_...` secret, and a timestamp within five minutes (so a captured request cannot be replayed
 * later). Pass the raw body exactly as received: parsed and re-serialized JSON does not verify.
 * Deduplicate on `webhook-id`: a retried or replayed message keeps its id.
 *
 * @throws {ApiError} `invalid_webhook` when the signature, timestamp or headers do not check out.
 * @example
 * const event = verifyWebhook(await request.text(), request.headers, process.env.SATCHEL_WEBHOOK_SECRET)
 * if (event.type === 'user.created') await welcome(event.data.user_id)
 */
export function verifyWebhook(payload: string, headers: WebhookHeaders, secret: string): WebhookEvent {
  const read = (name: string): string => {
    const value = headers instanceof Headers ? headers.get(name) : headers[name]
    return (Array.isArray(value) ? value[0] : value) ?? ''
  }
  let event: unknown
  try {
    event = new Webhook(secret).verify(payload, Object.fromEntries(HEADERS.map((name) => [name, read(name)])))
  } catch (error) {
    throw new ApiError('invalid_webhook', { cause: error })
  }
  const parsed = webhookEventSchema.safeParse(event)
  if (!parsed.success)
    throw new ApiError('invalid_webhook', { message: 'The webhook body is not a Satchel event' })
  return parsed.data
}
