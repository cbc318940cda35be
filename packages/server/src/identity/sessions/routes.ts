import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { writeAudit } from '../../platform/audit/writeAudit'
import { hashToken } from '../../platform/crypto/tokens'
import type { ServerContext } from '../context'
import { readApp } from '../guards/readApp'
import { readAuth } from '../guards/readAuth'
import { ACCESS_COOKIE, requireAuth } from '../requestContext'
import { mintSessionTokens, sendAuthenticated } from './issueSession'
import { logoutEverywhereRoutes } from './logoutEverywhereRoutes'
import { getRefreshCookieName, REFRESH_COOKIE_PATH } from './refreshTransport'
import { rotateRefreshToken } from './rotateRefreshToken'
import { authenticatedUserSchema, sessionPublicKeySchema } from './schemas'
import { forgetSessions } from './sessionCache'

export function sessionRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(logoutEverywhereRoutes(ctx))

    app.post(
      '/api/v1/sessions',
      {
        schema: {
          tags: ['sessions'],
          summary:
            'Refresh a session: signed by the session key (satchel-authorization-signature), rotates the refresh token and mints a new access token',
          description:
            'The refresh token comes from the body or, where the server set it so, the HttpOnly refresh cookie. A session bound to a session key at login must sign this request with it, as wallet requests are signed; the key itself never changes here (sign in again for a new one).',
          // Loose: the signature covers the body exactly as sent, so nothing may be stripped from it
          // before the check (the key's own members included).
          body: z.looseObject({
            refresh_token: z.string().min(1).max(200).optional(),
            session_public_key: z
              .looseObject(sessionPublicKeySchema.shape)
              .optional()
              .describe(
                'The session key this request is signed with. When it is the key the session is bound to, the refresh is checked and rotated in one database statement; without it the server reads the session first.',
              ),
          }),
          response: { 200: authenticatedUserSchema },
        },
        // The refresh token (and its proof of possession) is the credential, checked here.
        config: { guard: 'refresh' },
      },
      async (request, reply) => {
        const satchelApp = readApp(request)
        const presented = request.body.refresh_token ?? request.cookies[getRefreshCookieName(satchelApp.id)]
        if (!presented) throw new ApiError('missing_or_invalid_token')
        const claimedKey = request.body.session_public_key
        const { user, ...rotated } = await rotateRefreshToken(ctx, request, {
          app: satchelApp,
          presented,
          claimedKey: claimedKey && {
            kty: claimedKey.kty,
            crv: claimedKey.crv,
            x: claimedKey.x,
            y: claimedKey.y,
          },
        })
        const { token, identityToken } = await mintSessionTokens(ctx, satchelApp, user, rotated.sessionId)
        return sendAuthenticated(ctx, reply, {
          app: satchelApp,
          user,
          token,
          refreshToken: rotated.refreshToken,
          identityToken,
          isNewUser: false,
        })
      },
    )

    app.post(
      '/api/v1/sessions/logout',
      {
        schema: {
          tags: ['sessions'],
          summary: 'End this session (every session of the user: POST /api/v1/sessions/logout_all)',
          body: z
            .object({ refresh_token: z.string().max(200).optional(), all: z.boolean().optional() })
            .default({}),
          response: { 200: z.object({}) },
        },
        // Ends only the session its own credential names (the refresh token, else the access token),
        // so it is as open as a refresh: a user whose access token lapsed can still leave.
        config: { guard: 'refresh' },
      },
      async (request, reply) => {
        const satchelApp = readApp(request)
        if (request.body.all)
          throw new ApiError('invalid_data', {
            message:
              'Logging out everywhere has its own route: POST /api/v1/sessions/logout_all, signed with the session key',
          })
        const now = new Date(ctx.now())
        const presented = request.body.refresh_token ?? request.cookies[getRefreshCookieName(satchelApp.id)]
        let sessionId: string | undefined
        let userId: string | undefined
        if (presented) {
          const [row] = await ctx.db.query<{ session_id: string; user_id: string }>(
            'select r.session_id, s.user_id from refresh_tokens r join sessions s on s.id = r.session_id where r.token_hash = $1 and s.app_id = $2',
            [hashToken(presented), satchelApp.id],
          )
          sessionId = row?.session_id
          userId = row?.user_id
        }
        if (!sessionId) {
          const auth = await requireAuth(ctx, request)
          sessionId = auth.sessionId
          userId = auth.userId
        }
        await ctx.db.query(
          `update sessions set revoked_at = $2, revoked_reason = 'logout' where id = $1 and revoked_at is null`,
          [sessionId, now],
        )
        await forgetSessions(ctx, { sessionIds: [sessionId] })
        await writeAudit(ctx.db, {
          appId: satchelApp.id,
          userId: userId ?? null,
          sessionId,
          action: 'session.logout',
          outcome: 'success',
        })
        if (satchelApp.cookieMode) reply.clearCookie(ACCESS_COOKIE, { path: '/' })
        if (request.cookies[getRefreshCookieName(satchelApp.id)] !== undefined)
          reply.clearCookie(getRefreshCookieName(satchelApp.id), { path: REFRESH_COOKIE_PATH })
        return {}
      },
    )

    app.get(
      '/api/v1/sessions',
      {
        schema: {
          tags: ['sessions'],
          summary: "The signed-in user's active sessions",
          response: {
            200: z.object({
              sessions: z.array(
                z.object({
                  id: z.string(),
                  current: z.boolean(),
                  user_agent: z.string().nullable(),
                  created_at: z.number(),
                  last_used_at: z.number(),
                }),
              ),
            }),
          },
        },
        config: { guard: 'user' },
      },
      async (request) => {
        const auth = readAuth(request)
        const rows = await ctx.db.query<{
          id: string
          user_agent: string | null
          created_at: Date
          last_used_at: Date
        }>(
          'select id, user_agent, created_at, last_used_at from sessions where user_id = $1 and revoked_at is null and expires_at > $2 order by last_used_at desc',
          [auth.userId, new Date(ctx.now())],
        )
        return {
          sessions: rows.map((r) => ({
            id: r.id,
            current: r.id === auth.sessionId,
            user_agent: r.user_agent,
            created_at: Math.floor(r.created_at.getTime() / 1000),
            last_used_at: Math.floor(r.last_used_at.getTime() / 1000),
          })),
        }
      },
    )
  }
}
