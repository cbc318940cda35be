import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import { type Auth, requireAuth } from '../http/requestContext'
import { requireMfa, userHasMfa } from '../mfa/requireMfa'

/**
 * The signed-in user, with a fresh MFA token (`satchel-mfa-token`) when they have MFA: setting,
 * changing or removing a recovery lock is as sensitive as changing a second factor.
 *
 * @throws {ApiError} `missing_or_invalid_mfa` when the user has MFA and the token is missing or stale.
 * @example
 * const auth = await requireFreshMfa(ctx, request)
 */
export async function requireFreshMfa(ctx: ServerContext, request: FastifyRequest): Promise<Auth> {
  const auth = await requireAuth(ctx, request)
  if (await userHasMfa(ctx, auth.userId)) await requireMfa(ctx, request, auth)
  return auth
}
