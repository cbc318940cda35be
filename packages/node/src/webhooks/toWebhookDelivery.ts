import { z } from 'zod'
import { type Camelized, camelize } from '../api/camelize'

const deliveryJsonSchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  message_id: z.string(),
  event_type: z.string(),
  payload: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  last_response_code: z.number().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})

/**
 * One message to one endpoint, with how its sending went. `messageId` is the `webhook-id` the
 * receiver sees (a replay keeps it, so receivers can deduplicate).
 */
export type WebhookDelivery = Camelized<z.infer<typeof deliveryJsonSchema>>

/**
 * The API's delivery answer, checked and camelCased.
 *
 * @example
 * const delivery = toWebhookDelivery(body)
 */
export function toWebhookDelivery(answer: unknown): WebhookDelivery {
  return camelize(deliveryJsonSchema.parse(answer))
}
