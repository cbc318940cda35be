import { createHash } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readApp } from '../../identity/guards/readApp'
import { clientIp } from '../../identity/requestContext'
import { completeLogin } from '../../identity/sessions/completeLogin'
import { authenticatedUserSchema, sessionPublicKeySchema } from '../../identity/sessions/schemas'
import { rateLimit, rateLimits } from '../../platform/http/rateLimit'

/**
 * Guest accounts: the client keeps 32 random bytes and presents them to sign in again. Only their
 * SHA-256 is stored (the credential is high-entropy, so the hash cannot be reversed), and the guest
 * can later link an email or a wallet to keep the account.
 */
export function guestRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/guest/authenticate',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['guest'],
          summary: 'Sign in (or up) as a guest with a client-held credential',
          body: z.object({
            guest_credential: z.string().regex(/^[A-Za-z0-9_-]{43}$/, '32 random bytes, base64url'),
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
        const subject = createHash('sha256').update(request.body.guest_credential).digest('hex')
        return completeLogin(ctx, request, reply, {
          app: satchelApp,
          method: 'guest',
          account: { type: 'guest', subject, details: {} },
          mode: 'login-or-sign-up',
          sessionPublicKey: request.body.session_public_key,
          isGuest: true,
        })
      },
    )
  }
}
