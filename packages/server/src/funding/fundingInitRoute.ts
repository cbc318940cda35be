import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { readAuth } from '../identity/guards/readAuth'
import type { Auth } from '../identity/requestContext'
import { rateLimit, rateLimits } from '../platform/http/rateLimit'
import { fundingRouteOptions } from './fundingRouteOptions'

export type FundingInitRouteParameters<body extends z.ZodType, answer extends z.ZodType, provider> = {
  url: string
  summary: string
  body: body
  answer: answer
  /** The provider's configuration for this request; throws `not_found` when it is not configured. */
  requireProvider: (body: z.output<body>) => provider
  /** Starts the purchase: checks what the provider needs, records the funding session, answers. */
  init: (parameters: {
    auth: Auth
    body: z.output<body>
    provider: provider
    request: FastifyRequest
  }) => Promise<z.input<answer>>
}

/**
 * A provider's route that starts a purchase (`init`, MoonPay's `sign`), as every provider's works:
 * refused as `not_found` while the provider is not configured, then the signed-in user after the
 * user's limit on starting purchases, which all providers share so that switching provider does not
 * multiply it; the provider's own steps come last.
 *
 * @throws {ApiError} `not_found` for a provider not configured; `too_many_requests` past the limit.
 * @example
 * await app.register(fundingInitRoute(ctx, { url, summary, body, answer, requireProvider, init }))
 */
export function fundingInitRoute<body extends z.ZodType, answer extends z.ZodType, provider>(
  ctx: ServerContext,
  { url, summary, body, answer, requireProvider, init }: FundingInitRouteParameters<body, answer, provider>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(url, fundingRouteOptions(summary, { body, response: { 200: answer } }), async (request) => {
      // Validated by `body` above; only its type is generic here.
      const input = request.body as z.output<body>
      const provider = requireProvider(input)
      const auth = readAuth(request)
      await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
        [`funding-init:${auth.userId}`, rateLimits.fundingInitPerUser],
      ])
      return init({ auth, body: input, provider, request })
    })
  }
}
