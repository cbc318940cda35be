import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { writeAudit } from '../../platform/audit/writeAudit'
import { adminRoute, userIdParams } from '../appSecrets/adminRoute'
import { readAdminActor } from '../appSecrets/readAdminActor'
import { readAppSecretCaller } from '../appSecrets/readAppSecretCaller'
import type { ServerContext } from '../context'
import { requireAppUser } from '../users/toAdminUsers'
import { listLiveSessions, revokeSessions } from './adminSessions'

/**
 * A user's sessions as the app's backend sees them, and their revocation (one, or all): a stolen
 * device's session ends on every instance at once, its access token and refresh token with it.
 * Revoking is not a GET route, so a read-only secret cannot; each revocation is audited with who did it.
 */
export function adminSessionRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/users/:user_id/sessions',
      adminRoute("A user's live sessions, most recently used first", {
        params: userIdParams,
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.string(),
                created_at: z.string(),
                last_used_at: z.string(),
                expires_at: z.string(),
                user_agent: z.string().nullable(),
                ip: z.string().nullable(),
              }),
            ),
          }),
        },
      }),
      async (request) => {
        const user = await requireAppUser(ctx, readAppSecretCaller(request).app.id, request.params.user_id)
        const sessions = await listLiveSessions(ctx, user.id)
        return {
          data: sessions.map((session) => ({
            id: session.id,
            created_at: session.createdAt.toISOString(),
            last_used_at: session.lastUsedAt.toISOString(),
            expires_at: session.expiresAt.toISOString(),
            user_agent: session.userAgent,
            ip: session.ip,
          })),
        }
      },
    )

    app.delete(
      '/api/v1/users/:user_id/sessions/:session_id',
      adminRoute("End one of a user's sessions (its access and refresh tokens stop working at once)", {
        params: userIdParams.extend({ session_id: z.string().min(1).max(64) }),
        response: { 200: z.object({ id: z.string(), revoked: z.literal(true) }) },
      }),
      async (request) => {
        const { app: owner } = readAppSecretCaller(request)
        const user = await requireAppUser(ctx, owner.id, request.params.user_id)
        const sessionId = request.params.session_id
        const [revoked] = await revokeSessions(ctx, { userId: user.id, sessionId, reason: 'admin' })
        if (!revoked)
          throw new ApiError('not_found', { message: 'No live session with this id for this user' })
        await audit(ctx, owner.id, user.id, {
          actor: readAdminActor(request),
          sessions: 1,
          session_id: sessionId,
        })
        return { id: revoked, revoked: true as const }
      },
    )

    app.delete(
      '/api/v1/users/:user_id/sessions',
      adminRoute('End every session of a user', {
        params: userIdParams,
        response: { 200: z.object({ revoked: z.number().int() }) },
      }),
      async (request) => {
        const { app: owner } = readAppSecretCaller(request)
        const user = await requireAppUser(ctx, owner.id, request.params.user_id)
        const revoked = await revokeSessions(ctx, { userId: user.id, reason: 'admin' })
        await audit(ctx, owner.id, user.id, { actor: readAdminActor(request), sessions: revoked.length })
        return { revoked: revoked.length }
      },
    )
  }
}

function audit(ctx: ServerContext, appId: string, userId: string, details: Record<string, unknown>) {
  return writeAudit(ctx.db, {
    appId,
    userId,
    action: 'session.revoked_by_admin',
    outcome: 'success',
    details,
  })
}
