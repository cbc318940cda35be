import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'
import { toWebhookDelivery, type WebhookDelivery } from './toWebhookDelivery'

/**
 * Sends a `webhook.test` event to one endpoint (`POST /api/v1/webhooks/endpoints/:id/test`).
 *
 * @example
 * const delivery = await sendTestWebhook(context, { endpointId })
 */
export async function sendTestWebhook(
  context: SatchelNodeContext,
  { endpointId }: { endpointId: string },
): Promise<WebhookDelivery> {
  const { body } = await requestApi(context, {
    method: 'POST',
    path: `/api/v1/webhooks/endpoints/${encodeURIComponent(endpointId)}/test`,
    body: {},
  })
  return toWebhookDelivery(body)
}
