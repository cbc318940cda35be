import { type Camelized, camelize, webhookEndpointJsonSchema } from '@satchel/core/admin'
import type { z } from 'zod'

/** One of the app's webhook endpoints (its signing secret is only ever in a create or rotate answer). */
export type WebhookEndpoint = Camelized<z.infer<typeof webhookEndpointJsonSchema>>

/**
 * The API's webhook endpoint answer, checked and camelCased.
 *
 * @example
 * const endpoint = toWebhookEndpoint(body)
 */
export function toWebhookEndpoint(answer: unknown): WebhookEndpoint {
  return camelize(webhookEndpointJsonSchema.parse(answer))
}
