import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readApp } from '../../identity/guards/readApp'
import { clientIp } from '../../identity/requestContext'
import { rateLimit, rateLimits } from '../../platform/http/rateLimit'
import { scrubSecrets } from './scrubSecrets'

const MAX_PAYLOAD_BYTES = 2048

/** Client analytics: stored bounded in size and rate, with anything secret-looking removed first. */
export function analyticsRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/analytics_events',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['analytics'],
          summary: 'Record a client analytics event',
          body: z.object({
            event_name: z.string().regex(/^[a-zA-Z0-9_.:-]{1,64}$/),
            client_id: z.string().max(64).optional(),
            payload: z
              .record(z.string(), z.unknown())
              .default({})
              .refine(
                (p) => JSON.stringify(p).length <= MAX_PAYLOAD_BYTES,
                `payload must be at most ${MAX_PAYLOAD_BYTES} bytes`,
              ),
          }),
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        const satchelApp = readApp(request)
        await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
          [`analytics:${clientIp(request)}`, rateLimits.analyticsPerIp],
        ])
        await ctx.db.query(
          'insert into analytics_events (app_id, event_name, client_id, payload) values ($1, $2, $3, $4)',
          [
            satchelApp.id,
            request.body.event_name,
            request.body.client_id ?? null,
            JSON.stringify(scrubSecrets(request.body.payload)),
          ],
        )
        return {}
      },
    )
  }
}
