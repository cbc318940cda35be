import { readList } from '../api/readList'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { toWebhookEndpoint, type WebhookEndpoint } from './toWebhookEndpoint'

/**
 * The app's webhook endpoints (`GET /api/v1/webhooks/endpoints`).
 *
 * @example
 * const endpoints = await listWebhookEndpoints(context)
 */
export async function listWebhookEndpoints(context: SatchelNodeContext): Promise<WebhookEndpoint[]> {
  return requestJson(
    context,
    { method: 'GET', path: '/api/v1/webhooks/endpoints' },
    readList(toWebhookEndpoint),
  )
}
