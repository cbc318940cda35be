import { z } from 'zod'
import { type Camelized, camelize } from '../api/camelize'

const endpointJsonSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})

/** One of the app's webhook endpoints (its signing secret is only ever in a create or rotate answer). */
export type WebhookEndpoint = Camelized<z.infer<typeof endpointJsonSchema>>

/**
 * The API's webhook endpoint answer, checked and camelCased.
 *
 * @example
 * const endpoint = toWebhookEndpoint(body)
 */
export function toWebhookEndpoint(answer: unknown): WebhookEndpoint {
  return camelize(endpointJsonSchema.parse(answer))
}
