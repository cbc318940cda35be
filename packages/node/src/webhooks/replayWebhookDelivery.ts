import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { toWebhookDelivery, type WebhookDelivery } from './toWebhookDelivery'

/**
 * Sends a message again: a new delivery with the same `webhook-id`
 * (`POST /api/v1/webhooks/deliveries/:id/replay`).
 *
 * @example
 * const replayed = await replayWebhookDelivery(context, { deliveryId })
 */
export async function replayWebhookDelivery(
  context: SatchelNodeContext,
  { deliveryId }: { deliveryId: string },
): Promise<WebhookDelivery> {
  const path = apiPath`/webhooks/deliveries/${deliveryId}/replay`
  return requestJson(context, { method: 'POST', path, body: {} }, toWebhookDelivery)
}
