import { z } from 'zod'
import { requestApi } from '../api/requestApi'
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
  const { body } = await requestApi(context, {
    method: 'POST',
    path: `/api/v1/webhooks/endpoints/${encodeURIComponent(endpointId)}/rotate_secret`,
    body: {},
  })
  return z.object({ secret: z.string() }).parse(body).secret
}
