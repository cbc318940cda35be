import { ApiError, type OnrampProvider } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../identity/context'
import { readAuth } from '../identity/guards/readAuth'
import { rateLimit, rateLimits } from '../platform/http/rateLimit'
import { type FundingSession, findFundingSession } from './fundingSessions'

/**
 * For a provider's status route: the signed-in user's funding session that `provider` knows by
 * `externalRef`, after the user's status rate limit. Another user's session is `not_found`, like one
 * that does not exist, so a reference reveals nothing about whose it is.
 *
 * @throws {ApiError} `not_found` for a session that is not the user's; `too_many_requests` past the limit.
 * @example
 * const stored = await findOwnFundingSession(ctx, request, 'sandbox', request.query.sessionId)
 */
export async function findOwnFundingSession(
  ctx: ServerContext,
  request: FastifyRequest,
  provider: OnrampProvider,
  externalRef: string,
): Promise<FundingSession> {
  const auth = readAuth(request)
  await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
    [`funding-status:${auth.userId}`, rateLimits.fundingStatusPerUser],
  ])
  const session = await findFundingSession(ctx.db, provider, externalRef, auth.userId)
  if (!session) throw new ApiError('not_found', { message: 'Unknown funding session' })
  return session
}
