import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { writeAudit } from '../../platform/audit/writeAudit'
import type { ServerContext } from '../context'
import { readAuth } from '../guards/readAuth'
import { ACCESS_COOKIE } from '../requestContext'
import { getRefreshCookieName, REFRESH_COOKIE_PATH } from './refreshTransport'
import { forgetSessions } from './sessionCache'

/**
 * `POST /api/v1/sessions/logout_all`: ends every session of the user, this one included, on every
 * instance at once. A route of its own (it was `logout {all: true}`), so its guard can be
 * `user+signed+stepup`: a stolen access token must not be able to sign the owner out of every device
 * while the thief keeps a session of their own.
 */
export function logoutEverywhereRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/sessions/logout_all',
      {
        schema: {
          tags: ['sessions'],
          summary: 'End every session of the user (signed; a fresh MFA token when enrolled)',
          security: [{ bearer: [] }],
          body: z.object({}).optional(),
          response: { 200: z.object({ sessions_ended: z.number() }) },
        },
        config: { guard: 'user+signed+stepup' },
      },
      async (request, reply) => {
        const auth = readAuth(request)
        const ended = await ctx.db.query(
          `update sessions set revoked_at = $2, revoked_reason = 'logout_all' where user_id = $1 and revoked_at is null returning id`,
          [auth.userId, new Date(ctx.now())],
        )
        await forgetSessions(ctx, { userId: auth.userId })
        await writeAudit(ctx.db, {
          appId: auth.app.id,
          userId: auth.userId,
          sessionId: auth.sessionId,
          action: 'session.logout_all',
          outcome: 'success',
          details: { sessions: ended.length },
        })
        if (auth.app.cookieMode) reply.clearCookie(ACCESS_COOKIE, { path: '/' })
        if (request.cookies[getRefreshCookieName(auth.app.id)] !== undefined)
          reply.clearCookie(getRefreshCookieName(auth.app.id), { path: REFRESH_COOKIE_PATH })
        return { sessions_ended: ended.length }
      },
    )
  }
}
