import { requestApi } from '../api/requestApi'
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
  const { body } = await requestApi(context, {
    method: 'POST',
    path: `/api/v1/webhooks/deliveries/${encodeURIComponent(deliveryId)}/replay`,
    body: {},
  })
  return toWebhookDelivery(body)
}
