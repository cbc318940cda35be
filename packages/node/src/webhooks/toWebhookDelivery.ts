import { type Camelized, camelize, webhookDeliveryJsonSchema } from '@satchel/core/admin'
import type { z } from 'zod'

/**
 * One message to one endpoint, with how its sending went. `messageId` is the `webhook-id` the
 * receiver sees (a replay keeps it, so receivers can deduplicate).
 */
export type WebhookDelivery = Camelized<z.infer<typeof webhookDeliveryJsonSchema>>

/**
 * The API's delivery answer, checked and camelCased.
 *
 * @example
 * const delivery = toWebhookDelivery(body)
 */
export function toWebhookDelivery(answer: unknown): WebhookDelivery {
  return camelize(webhookDeliveryJsonSchema.parse(answer))
}
