import { apiPath } from '../api/apiPath'
import { readSecret } from '../api/readSecret'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'

/**
 * Gives an endpoint a new signing secret, answered this once; messages are signed with it from now on
 * (`POST /api/v1/webhooks/endpoints/:id/rotate_secret`).
 *
 * @example
 * const secret = await rotateWebhookSecret(context, { endpointId })
 */
export async function rotateWebhookSecret(
  context: SatchelNodeContext,
  { endpointId }: { endpointId: string },
): Promise<string> {
  const path = apiPath`/webhooks/endpoints/${endpointId}/rotate_secret`
  return requestJson(context, { method: 'POST', path, body: {} }, readSecret)
}
