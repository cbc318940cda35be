import { apiPath } from '../api/apiPath'
import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'

/**
 * Removes a webhook endpoint and its pending deliveries (`DELETE /api/v1/webhooks/endpoints/:id`).
 *
 * @throws {ApiError} `webhook_endpoint_not_found` for an endpoint that is not the app's.
 * @example
 * await deleteWebhookEndpoint(context, { endpointId })
 */
export async function deleteWebhookEndpoint(
  context: SatchelNodeContext,
  { endpointId }: { endpointId: string },
): Promise<void> {
  await requestApi(context, { method: 'DELETE', path: apiPath`/webhooks/endpoints/${endpointId}` })
}
