import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { addLoginRoutes } from '../../identity/users/addLoginRoutes'
import { verifyCustomJwt } from './verifyCustomJwt'

/** Sign in with a token from the app's own auth system (its users, our wallets). Nothing to link. */
export function customJwtRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    addLoginRoutes(app, ctx, {
      path: 'custom_jwt_account',
      tag: 'custom_jwt',
      method: 'custom_jwt',
      proof: { token: z.string().min(10).max(8192) },
      async verify(satchelApp, body) {
        const subject = await verifyCustomJwt({
          app: satchelApp,
          token: body.token,
          nowSeconds: Math.floor(ctx.now() / 1000),
          kv: ctx.kv,
        })
        return { type: 'custom_auth', subject, details: { custom_user_id: subject } }
      },
      summaries: { authenticate: "Sign in with a JWT from the app's own issuer" },
    })
  }
}
