import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readApp } from '../../identity/guards/readApp'
import { normalizePhone } from '../../identity/otp/codeSchemas'

/**
 * The dev outbox: messages the server would have sent, readable only for an app in development mode
 * and only for channels with no real provider — so a production app's codes can never be read here.
 */
export function outboxRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/dev/outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Development only: the emails and texts that would have been sent to an address',
          querystring: z.object({ to: z.string().min(3).max(254) }),
          response: {
            200: z.object({
              messages: z.array(
                z.object({
                  channel: z.enum(['email', 'sms']),
                  to: z.string(),
                  subject: z.string().nullable(),
                  text: z.string(),
                  created_at: z.string(),
                }),
              ),
            }),
          },
        },
        config: { guard: 'dev' },
      },
      async (request) => {
        const satchelApp = readApp(request)
        const isEmail = request.query.to.includes('@')
        const channel = isEmail ? 'email' : 'sms'
        if (satchelApp.mode !== 'development' || !ctx.delivery.usesOutbox(channel))
          throw new ApiError('not_found')
        const to = isEmail ? request.query.to.trim().toLowerCase() : normalizePhone(request.query.to)
        const entries = await ctx.delivery.readOutbox(to, satchelApp.id)
        return {
          messages: entries.map((e) => ({
            channel: e.channel,
            to: e.to,
            subject: e.subject,
            text: e.text,
            created_at: e.createdAt.toISOString(),
          })),
        }
      },
    )
  }
}
