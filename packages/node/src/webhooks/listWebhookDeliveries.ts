import { apiPath } from '../api/apiPath'
import { readPage } from '../api/readPage'
import { requestJson } from '../api/requestJson'
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
  const path = `${apiPath`/webhooks/endpoints/${endpointId}/deliveries`}?${toQuery(paging)}`
  const { items, nextCursor } = await requestJson(
    context,
    { method: 'GET', path },
    readPage(toWebhookDelivery),
  )
  return { deliveries: items, nextCursor }
}
