import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readApp } from '../../identity/guards/readApp'
import { clientIp } from '../../identity/requestContext'
import { completeLogin } from '../../identity/sessions/completeLogin'
import {
  authenticatedUserSchema,
  loginModeSchema,
  sessionPublicKeySchema,
} from '../../identity/sessions/schemas'
import { rateLimit, rateLimits } from '../../platform/http/rateLimit'
import { verifyCustomJwt } from './verifyCustomJwt'

/** Sign in with a token from the app's own auth system (its users, our wallets). */
export function customJwtRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/custom_jwt_account/authenticate',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['custom_jwt'],
          summary: "Sign in with a JWT from the app's own issuer",
          body: z.object({
            token: z.string().min(10).max(8192),
            mode: loginModeSchema,
            session_public_key: sessionPublicKeySchema.optional(),
          }),
          response: { 200: authenticatedUserSchema },
        },
      },
      async (request, reply) => {
        const satchelApp = readApp(request)
        await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
          [`login-ip:${clientIp(request)}`, rateLimits.loginPerIp],
        ])
        const subject = await verifyCustomJwt({
          app: satchelApp,
          token: request.body.token,
          nowSeconds: Math.floor(ctx.now() / 1000),
          kv: ctx.kv,
        })
        return completeLogin(ctx, request, reply, {
          app: satchelApp,
          method: 'custom_jwt',
          account: { type: 'custom_auth', subject, details: { custom_user_id: subject } },
          mode: request.body.mode,
          sessionPublicKey: request.body.session_public_key,
        })
      },
    )
  }
}
