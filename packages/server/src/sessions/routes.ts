import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { writeAudit } from '../audit/writeAudit'
import type { ServerContext } from '../context'
import { hashToken } from '../crypto/tokens'
import { readApp } from '../guards/readApp'
import { readAuth } from '../guards/readAuth'
import { ACCESS_COOKIE, REFRESH_COOKIE, requireAuth, resolveApp } from '../http/requestContext'
import { createRefreshToken, mintSessionTokens, sendAuthenticated } from './issueSession'
import { logoutEverywhereRoutes } from './logoutEverywhereRoutes'
import { authenticatedUserSchema, sessionPublicKeySchema } from './schemas'
import { forgetSessions } from './sessionCache'

type SpentToken = { session_id: string; used_at: Date | null; expires_at: Date }
type SessionRow = { id: string; app_id: string; user_id: string; revoked_at: Date | null; expires_at: Date }

export function sessionRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(logoutEverywhereRoutes(ctx))

    app.post(
      '/api/v1/sessions',
      {
        schema: {
          tags: ['sessions'],
          summary: 'Refresh a session: rotates the refresh token and mints a new access token',
          body: z.object({
            refresh_token: z.string().max(200).optional(),
            session_public_key: sessionPublicKeySchema.optional(),
          }),
          response: { 200: authenticatedUserSchema },
        },
        // The refresh token (and its proof of possession) is the credential, checked here.
        config: { guard: 'refresh' },
      },
      async (request, reply) => {
        const satchelApp = await resolveApp(ctx, request)
        const presented =
          request.body.refresh_token ?? (satchelApp.cookieMode ? request.cookies[REFRESH_COOKIE] : undefined)
        if (!presented) throw new ApiError('missing_or_invalid_token')
        const hash = hashToken(presented)
        const now = new Date(ctx.now())
        const result = await ctx.db.transaction(async (tx) => {
          // Marking the token used and reading it is one statement, so two refreshes racing with
          // the same token cannot both succeed.
          const [fresh] = await tx.query<SpentToken>(
            'update refresh_tokens set used_at = $2 where token_hash = $1 and used_at is null returning session_id, used_at, expires_at',
            [hash, now],
          )
          if (!fresh) {
            const [spent] = await tx.query<SpentToken>(
              'select session_id, used_at, expires_at from refresh_tokens where token_hash = $1',
              [hash],
            )
            return spent ? { reused: spent.session_id } : { unknown: true as const }
          }
          const [session] = await tx.query<SessionRow>('select * from sessions where id = $1', [
            fresh.session_id,
          ])
          if (
            !session ||
            session.app_id !== satchelApp.id ||
            session.revoked_at ||
            session.expires_at <= now ||
            fresh.expires_at <= now
          )
            return { unknown: true as const }
          if (request.body.session_public_key)
            await tx.query('update sessions set session_public_key = $2 where id = $1', [
              session.id,
              JSON.stringify(request.body.session_public_key),
            ])
          await tx.query('update sessions set last_used_at = $2 where id = $1', [session.id, now])
          return {
            session,
            refreshToken: await createRefreshToken(ctx, tx, session.id),
            newKey: request.body.session_public_key !== undefined,
          }
        })
        // Every instance must verify the next wallet request against the new session key.
        if ('session' in result && result.newKey)
          await forgetSessions(ctx, { sessionIds: [result.session.id] })
        if ('reused' in result) {
          // A spent token presented again means it was copied: end the whole family, for both holders.
          const [revoked] = await ctx.db.query<{ user_id: string }>(
            `update sessions set revoked_at = $2, revoked_reason = 'refresh_token_reuse' where id = $1 and revoked_at is null returning user_id`,
            [result.reused, now],
          )
          await forgetSessions(ctx, { sessionIds: [result.reused] })
          await writeAudit(ctx.db, {
            appId: satchelApp.id,
            userId: revoked?.user_id ?? null,
            sessionId: result.reused,
            action: 'session.refresh_token_reuse',
            outcome: 'revoked',
          })
          request.log.warn({ sessionId: result.reused }, 'refresh token reuse: session family revoked')
          throw new ApiError('missing_or_invalid_token')
        }
        if ('unknown' in result) throw new ApiError('missing_or_invalid_token')
        const user = await ctx.users.requireUser(result.session.user_id)
        const { token, identityToken } = await mintSessionTokens(ctx, satchelApp, user, result.session.id)
        return sendAuthenticated(ctx, reply, {
          app: satchelApp,
          user,
          token,
          refreshToken: result.refreshToken,
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
        const presented =
          request.body.refresh_token ?? (satchelApp.cookieMode ? request.cookies[REFRESH_COOKIE] : undefined)
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
        if (satchelApp.cookieMode) {
          reply.clearCookie(ACCESS_COOKIE, { path: '/' })
          reply.clearCookie(REFRESH_COOKIE, { path: '/api/v1/sessions' })
        }
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
