import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readAuth } from '../../identity/guards/readAuth'
import { clientIp } from '../../identity/requestContext'
import { completeReauthentication } from '../../identity/sessions/completeReauthentication'
import { rateLimit, rateLimits } from '../../platform/http/rateLimit'
import { createAuthenticationOptions } from './createPasskeyOptions'
import { listPasskeyCredentials } from './passkeyCredentials'
import { assertPasskeysAllowed, getRelyingParty } from './relyingParty'
import { authenticationResponseSchema, requestOptionsAnswerSchema } from './schemas'
import { verifyPasskeyAssertion } from './verifyPasskeyAssertion'

const security = [{ bearer: [] }]

/**
 * "Confirm it's you" with a passkey: `init` gives options for an assertion by one of the signed-in
 * user's passkeys (user verification required), bound to this user and session; `reauthenticate`
 * checks it and records the proof time on this session (see `completeReauthentication`). Both are
 * `user+signed`: a stolen access token alone cannot even start one.
 */
export function passkeyReauthenticateRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/passkeys/reauthenticate/init',
      {
        schema: {
          tags: ['passkeys', 'sessions'],
          summary: "Options to confirm it's you with one of your passkeys",
          security,
          response: { 200: requestOptionsAnswerSchema },
        },
        config: { guard: 'user+signed' },
      },
      async (request) => {
        const auth = readAuth(request)
        assertPasskeysAllowed(auth.app)
        const rp = getRelyingParty(request, auth.app)
        await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
          [`passkey-init-ip:${clientIp(request)}`, rateLimits.passkeyChallengePerIp],
        ])
        return createAuthenticationOptions(ctx, {
          app: auth.app,
          rp,
          ceremony: 'reauthenticate',
          allowCredentials: await listPasskeyCredentials(ctx, auth.app.id, auth.userId),
          userId: auth.userId,
          sessionId: auth.sessionId,
        })
      },
    )

    app.post(
      '/api/v1/passkeys/reauthenticate',
      {
        schema: {
          tags: ['passkeys', 'sessions'],
          summary:
            "Confirm it's you with a passkey: for 5 minutes this session may export, unlink and set a first recovery lock",
          security,
          body: z.object({ authenticator_response: authenticationResponseSchema }),
          response: { 200: z.object({ reauthenticated_at: z.number() }) },
        },
        config: { guard: 'user+signed' },
      },
      async (request) => {
        const auth = readAuth(request)
        await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
          [`login-ip:${clientIp(request)}`, rateLimits.loginPerIp],
        ])
        assertPasskeysAllowed(auth.app)
        const rp = getRelyingParty(request, auth.app)
        const { credential } = await verifyPasskeyAssertion(ctx, request, {
          app: auth.app,
          rp,
          response: request.body.authenticator_response,
          ceremony: 'reauthenticate',
          userId: auth.userId,
          sessionId: auth.sessionId,
        })
        return completeReauthentication(ctx, auth, {
          method: 'passkey',
          account: { type: 'passkey', subject: credential.credentialId },
        })
      },
    )
  }
}
