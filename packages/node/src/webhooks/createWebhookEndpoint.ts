import { readSecret } from '../api/readSecret'
import { requestJson } from '../api/requestJson'
import { snakeize } from '../api/snakeize'
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
  const body = snakeize({ url, description, eventTypes })
  return requestJson(context, { method: 'POST', path: '/api/v1/webhooks/endpoints', body }, (answer) => ({
    ...toWebhookEndpoint(answer),
    secret: readSecret(answer),
  }))
}
