import { z } from 'zod'
import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'
import { toWebhookEndpoint, type WebhookEndpoint } from './toWebhookEndpoint'

export type CreateWebhookEndpointParameters = {
  url: string
  description?: string | undefined
  /** The events to receive (`user.created`, `wallet.created`...); empty or absent: all of them. */
  eventTypes?: readonly string[] | undefined
}

/**
 * Adds a webhook endpoint (`POST /api/v1/webhooks/endpoints`). The answer carries its signing secret
 * (`whsec_...`, for {@link verifyWebhook}) this once.
 *
 * @example
 * const { secret } = await createWebhookEndpoint(context, { url: 'https://api.example.com/satchel', eventTypes: ['user.created'] })
 */
export async function createWebhookEndpoint(
  context: SatchelNodeContext,
  { url, description, eventTypes }: CreateWebhookEndpointParameters,
): Promise<WebhookEndpoint & { secret: string }> {
  const { body } = await requestApi(context, {
    method: 'POST',
    path: '/api/v1/webhooks/endpoints',
    body: {
      url,
      ...(description !== undefined && { description }),
      ...(eventTypes && { event_types: eventTypes }),
    },
  })
  return { ...toWebhookEndpoint(body), secret: z.object({ secret: z.string() }).parse(body).secret }
}
