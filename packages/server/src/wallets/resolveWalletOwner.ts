import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { App } from '../identity/apps/types'
import type { ServerContext } from '../identity/context'
import { readCaller } from '../identity/guards/readCaller'

export type WalletOwner = { app: App; userId: string; sessionId: string | null }

/**
 * Whose wallets a request is about (on a `['user', 'app']` route): the signed-in user, or, for an
 * app backend the guard checked by its app secret, the user it names (`user_id`), who must be one of
 * the app's.
 *
 * @example
 * const { app, userId } = await resolveWalletOwner(ctx, request, request.query.user_id)
 */
export async function resolveWalletOwner(
  ctx: ServerContext,
  request: FastifyRequest,
  userId: string | undefined,
  { verifyUser = true }: { verifyUser?: boolean } = {},
): Promise<WalletOwner> {
  const caller = readCaller(request)
  if (caller.kind === 'app') {
    const app = caller.app
    if (userId === undefined)
      throw new ApiError('invalid_data', { message: 'user_id is required with app credentials' })
    // A caller that checks the user itself (in a query it makes anyway) skips this one.
    if (!verifyUser) return { app, userId, sessionId: null }
    const [row] = await ctx.db.query<{ app_id: string }>('select app_id from users where id = $1', [userId])
    // Another app's user is answered as a user that does not exist.
    if (!row || row.app_id !== app.id) throw new ApiError('user_does_not_exist')
    return { app, userId, sessionId: null }
  }
  return { app: caller.app, userId: caller.auth.userId, sessionId: caller.auth.sessionId }
}
