import { ApiError, REAUTHENTICATION_TTL_SECONDS } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import type { Auth } from '../requestContext'
import { readSessionFreshness } from '../sessions/readSessionFreshness'
import { readMfaState } from './readMfaState'
import type { FreshLoginRule } from './routeGuard'

/**
 * The step-up of a `user+signed+stepup` route, after its signature: a user with a confirmed second
 * factor needs a fresh MFA token of this session (`missing_or_invalid_mfa`) — signing in again is
 * exactly what a second factor must not be enough for; a user without one needs, where the route's
 * `freshLogin` rule asks, a proof of a login method in the last 5 minutes (the session's sign-in or a
 * reauthentication, `reauthentication_required`). A guest has no login method to prove: they are
 * told to add one first.
 *
 * @example
 * await checkStepUp(ctx, request, auth, true)
 */
export async function checkStepUp(
  ctx: ServerContext,
  request: FastifyRequest,
  auth: Auth,
  freshLogin: FreshLoginRule | undefined,
): Promise<void> {
  const mfa = await readMfaState(ctx, request, auth)
  if (mfa.enrolled) {
    if (mfa.verified) return
    throw new ApiError('missing_or_invalid_mfa', {
      message: 'Verify your second factor first: this action needs a fresh MFA verification',
    })
  }
  if (freshLogin === undefined) return
  if (freshLogin !== true && !(await freshLogin(ctx, auth))) return
  const provenAt = await readSessionFreshness(ctx, auth.sessionId)
  if (ctx.now() - provenAt <= REAUTHENTICATION_TTL_SECONDS * 1000) return
  const user = await ctx.users.requireUser(auth.userId)
  if (user.isGuest)
    throw new ApiError('reauthentication_required', {
      message:
        "A guest account cannot confirm it's you: link an email, a phone, a passkey or a wallet first, then confirm with it",
    })
  throw new ApiError('reauthentication_required')
}
