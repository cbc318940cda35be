import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
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
  const path = apiPath`/webhooks/endpoints/${endpointId}/test`
  return requestJson(context, { method: 'POST', path, body: {} }, toWebhookDelivery)
}
