import { Readable } from 'node:stream'
import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { decodePageCursor, type PageCursor, pageQueryFields } from '../../platform/http/pageCursor'
import { adminRoute, userIdParams } from '../appSecrets/adminRoute'
import { readAppSecretCaller } from '../appSecrets/readAppSecretCaller'
import { loginMethods } from '../apps/types'
import type { ServerContext } from '../context'
import { listUsersPage } from './adminUserQueries'
import { findAdminUserId } from './findAdminUserId'
import { listAdminUsers } from './listAdminUsers'
import { adminUserSchema } from './toAdminUser'
import { readAdminUser, toAdminUsers } from './toAdminUsers'

const EXPORT_PAGE = 200
const identifier = z.string().trim().min(1).max(255).optional()

/**
 * The app's users as its backend (or the console) reads them: a list with filters and cursors, a
 * lookup by any identifier, one user, and an export of all of them. Every query is scoped to the
 * secret's own app: another app's user is answered as one that does not exist.
 */
export function adminUserRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/users',
      adminRoute("The app's users, oldest first (cursor paging, stable under sign-ups)", {
        querystring: z.object({
          ...pageQueryFields,
          created_after: z.iso.datetime({ offset: true }).optional(),
          created_before: z.iso.datetime({ offset: true }).optional(),
          login_method: z.enum(loginMethods).optional(),
          has_wallet: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: z.object({ data: z.array(adminUserSchema), next_cursor: z.string().nullable() }) },
      }),
      async (request) => {
        const { cursor, limit, created_after, created_before, login_method, has_wallet } = request.query
        return listAdminUsers(ctx, readAppSecretCaller(request).app.id, {
          after: cursor ? decodePageCursor(cursor) : undefined,
          limit,
          filters: {
            createdAfter: created_after ? new Date(created_after) : undefined,
            createdBefore: created_before ? new Date(created_before) : undefined,
            loginMethod: login_method,
            hasWallet: has_wallet === undefined ? undefined : has_wallet === 'true',
          },
        })
      },
    )

    app.get(
      '/api/v1/users/lookup',
      adminRoute(
        'The user behind an email, phone, wallet address, custom-JWT or OAuth subject, or any of them (q)',
        {
          querystring: z.object({
            email: identifier,
            phone: identifier,
            wallet_address: identifier,
            custom_jwt_subject: identifier,
            oauth_provider: identifier,
            oauth_subject: identifier,
            q: identifier,
          }),
          response: { 200: adminUserSchema },
        },
      ),
      async (request) => {
        const appId = readAppSecretCaller(request).app.id
        const userId = await findAdminUserId(ctx, appId, request.query)
        if (!userId) throw new ApiError('user_does_not_exist')
        return readAdminUser(ctx, appId, userId)
      },
    )

    app.get(
      '/api/v1/users/export',
      adminRoute(
        'Every user of the app as JSON Lines (application/x-ndjson, one AdminUser a line), streamed',
        {},
      ),
      async (request, reply) => {
        const appId = readAppSecretCaller(request).app.id
        reply.type('application/x-ndjson')
        return reply.send(Readable.from(exportLines(ctx, appId)))
      },
    )

    app.get(
      '/api/v1/users/:user_id',
      adminRoute('One user', {
        params: userIdParams,
        response: { 200: adminUserSchema },
      }),
      async (request) => readAdminUser(ctx, readAppSecretCaller(request).app.id, request.params.user_id),
    )
  }
}

// Page by page, so an app with a million users is streamed in constant memory.
async function* exportLines(ctx: ServerContext, appId: string): AsyncGenerator<string> {
  let after: PageCursor | undefined
  for (;;) {
    const page = await listUsersPage(ctx.db, appId, { after, limit: EXPORT_PAGE, filters: {} })
    const users = await toAdminUsers(
      ctx,
      page.map((entry) => entry.user),
    )
    for (const user of users) yield `${JSON.stringify(user)}\n`
    after = page.at(-1)?.cursor
    if (page.length < EXPORT_PAGE || !after) return
  }
}
