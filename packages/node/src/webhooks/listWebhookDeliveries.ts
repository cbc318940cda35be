import { z } from 'zod'
import { requestApi } from '../api/requestApi'
import { toQuery } from '../api/toQuery'
import type { SatchelNodeContext } from '../types'
import { toWebhookDelivery, type WebhookDelivery } from './toWebhookDelivery'

/**
 * An endpoint's delivery log, newest first, and the next page's cursor
 * (`GET /api/v1/webhooks/endpoints/:id/deliveries`).
 *
 * @example
 * const { deliveries } = await listWebhookDeliveries(context, { endpointId })
 */
export async function listWebhookDeliveries(
  context: SatchelNodeContext,
  { endpointId, ...paging }: { endpointId: string; cursor?: string | undefined; limit?: number | undefined },
): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
  const { body } = await requestApi(context, {
    method: 'GET',
    path: `/api/v1/webhooks/endpoints/${encodeURIComponent(endpointId)}/deliveries?${toQuery(paging)}`,
  })
  const page = z.object({ data: z.array(z.unknown()), next_cursor: z.string().nullable() }).parse(body)
  return { deliveries: page.data.map(toWebhookDelivery), nextCursor: page.next_cursor }
}
