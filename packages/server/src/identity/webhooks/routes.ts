import {
  WEBHOOK_EVENT_TYPES,
  webhookDeliveryJsonSchema,
  webhookEndpointJsonSchema,
} from '@satchel/core/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readAppSecretCaller } from '../appSecrets/readAppSecretCaller'
import type { ServerContext } from '../context'
import { checkWebhookUrl } from './checkWebhookUrl'
import {
  listWebhookDeliveries,
  replayWebhookDelivery,
  sendTestWebhook,
  type WebhookDelivery,
} from './webhookDeliveries'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  requireWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type WebhookEndpoint,
} from './webhookEndpoints'

const security = [{ appSecret: [] }]
const config = { guard: 'app' } as const
const tags = ['admin', 'webhooks']

const endpointParams = z.object({ endpoint_id: z.string().min(1).max(64) })
const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'Each event type once')
const url = z.string().min(1).max(2048)
const description = z.string().max(200)

/**
 * The app's webhooks, managed by its backend with an app secret (read-only secrets may list, the
 * `app` guard refuses them anything else): endpoints, their signing secrets (shown when made or
 * rotated, never after), the delivery log, replay, and a test event. Every query is scoped to the
 * secret's app: another app's endpoint or delivery is not found.
 */
export function webhookRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/webhooks/endpoints',
      {
        schema: {
          tags,
          summary: 'Add a webhook endpoint (its signing secret is shown this once)',
          security,
          body: z
            .object({ url, description: description.default(''), event_types: eventTypes.default([]) })
            .strict(),
          response: { 200: webhookEndpointJsonSchema.extend({ secret: z.string() }) },
        },
        config,
      },
      async (request) => {
        const { app: owner } = readAppSecretCaller(request)
        const { endpoint, secret } = await createWebhookEndpoint(ctx, owner.id, {
          url: await checkWebhookUrl(ctx, request.body.url),
          description: request.body.description,
          eventTypes: request.body.event_types,
        })
        return { ...toEndpointJson(endpoint), secret }
      },
    )

    app.get(
      '/api/v1/webhooks/endpoints',
      {
        schema: {
          tags,
          summary: "The app's webhook endpoints",
          security,
          response: { 200: z.object({ data: z.array(webhookEndpointJsonSchema) }) },
        },
        config,
      },
      async (request) => ({
        data: (await listWebhookEndpoints(ctx, readAppSecretCaller(request).app.id)).map(toEndpointJson),
      }),
    )

    app.get(
      '/api/v1/webhooks/endpoints/:endpoint_id',
      {
        schema: {
          tags,
          summary: 'A webhook endpoint',
          security,
          params: endpointParams,
          response: { 200: webhookEndpointJsonSchema },
        },
        config,
      },
      async (request) =>
        toEndpointJson(
          await requireWebhookEndpoint(ctx, readAppSecretCaller(request).app.id, request.params.endpoint_id),
        ),
    )

    app.patch(
      '/api/v1/webhooks/endpoints/:endpoint_id',
      {
        schema: {
          tags,
          summary: 'Change a webhook endpoint (URL, description, event filter, enabled)',
          security,
          params: endpointParams,
          body: z
            .object({
              url: url.optional(),
              description: description.optional(),
              event_types: eventTypes.optional(),
              enabled: z.boolean().optional(),
            })
            .strict(),
          response: { 200: webhookEndpointJsonSchema },
        },
        config,
      },
      async (request) => {
        const { app: owner } = readAppSecretCaller(request)
        const { body } = request
        const endpoint = await updateWebhookEndpoint(ctx, owner.id, request.params.endpoint_id, {
          url: body.url === undefined ? undefined : await checkWebhookUrl(ctx, body.url),
          description: body.description,
          eventTypes: body.event_types,
          enabled: body.enabled,
        })
        return toEndpointJson(endpoint)
      },
    )

    app.delete(
      '/api/v1/webhooks/endpoints/:endpoint_id',
      {
        schema: {
          tags,
          summary: 'Delete a webhook endpoint and its delivery log',
          security,
          params: endpointParams,
          response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) },
        },
        config,
      },
      async (request) => {
        await deleteWebhookEndpoint(ctx, readAppSecretCaller(request).app.id, request.params.endpoint_id)
        return { id: request.params.endpoint_id, deleted: true as const }
      },
    )

    app.post(
      '/api/v1/webhooks/endpoints/:endpoint_id/rotate_secret',
      {
        schema: {
          tags,
          summary: "Replace a webhook endpoint's signing secret (the new one is shown this once)",
          security,
          params: endpointParams,
          response: { 200: z.object({ id: z.string(), secret: z.string() }) },
        },
        config,
      },
      async (request) => ({
        id: request.params.endpoint_id,
        secret: await rotateWebhookSecret(
          ctx,
          readAppSecretCaller(request).app.id,
          request.params.endpoint_id,
        ),
      }),
    )

    app.get(
      '/api/v1/webhooks/endpoints/:endpoint_id/deliveries',
      {
        schema: {
          tags,
          summary: "A webhook endpoint's delivery log, newest first",
          security,
          params: endpointParams,
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(100).default(50),
            cursor: z.string().min(1).max(200).optional(),
          }),
          response: {
            200: z.object({ data: z.array(webhookDeliveryJsonSchema), next_cursor: z.string().nullable() }),
          },
        },
        config,
      },
      async (request) => {
        const { deliveries, nextCursor } = await listWebhookDeliveries(
          ctx,
          readAppSecretCaller(request).app.id,
          request.params.endpoint_id,
          { limit: request.query.limit, cursor: request.query.cursor },
        )
        return { data: deliveries.map(toDeliveryJson), next_cursor: nextCursor }
      },
    )

    app.post(
      '/api/v1/webhooks/deliveries/:delivery_id/replay',
      {
        schema: {
          tags,
          summary: 'Send a message again (a new delivery with the same webhook-id)',
          security,
          params: z.object({ delivery_id: z.string().min(1).max(64) }),
          response: { 200: webhookDeliveryJsonSchema },
        },
        config,
      },
      async (request) =>
        toDeliveryJson(
          await replayWebhookDelivery(ctx, readAppSecretCaller(request).app.id, request.params.delivery_id),
        ),
    )

    app.post(
      '/api/v1/webhooks/endpoints/:endpoint_id/test',
      {
        schema: {
          tags,
          summary: 'Send a webhook.test event to this endpoint',
          security,
          params: endpointParams,
          response: { 200: webhookDeliveryJsonSchema },
        },
        config,
      },
      async (request) =>
        toDeliveryJson(
          await sendTestWebhook(ctx, readAppSecretCaller(request).app.id, request.params.endpoint_id),
        ),
    )
  }
}

function toEndpointJson(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.eventTypes,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    failing_since: endpoint.failingSince?.toISOString() ?? null,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  }
}

function toDeliveryJson(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    message_id: delivery.messageId,
    event_type: delivery.eventType,
    payload: delivery.payload,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    last_response_code: delivery.lastResponseCode,
    last_error: delivery.lastError,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
  }
}
