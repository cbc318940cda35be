import { z } from 'zod'
import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'
import { toWebhookEndpoint, type WebhookEndpoint } from './toWebhookEndpoint'

/**
 * The app's webhook endpoints (`GET /api/v1/webhooks/endpoints`).
 *
 * @example
 * const endpoints = await listWebhookEndpoints(context)
 */
export async function listWebhookEndpoints(context: SatchelNodeContext): Promise<WebhookEndpoint[]> {
  const { body } = await requestApi(context, { method: 'GET', path: '/api/v1/webhooks/endpoints' })
  return z
    .object({ data: z.array(z.unknown()) })
    .parse(body)
    .data.map(toWebhookEndpoint)
}
