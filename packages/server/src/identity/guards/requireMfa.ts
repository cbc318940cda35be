import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import { hashToken } from '../../platform/crypto/tokens'
import type { ServerContext } from '../context'
import type { Auth } from '../requestContext'

/** The request header that carries the MFA token a `verify` route answered. */
export const MFA_TOKEN_HEADER = 'satchel-mfa-token'

/**
 * Refuses signing (when the app asks for MFA on every signature) unless the request carries an MFA
 * token of THIS session that is less than 15 minutes old:
 * `missing_or_invalid_mfa` when it is absent, unknown, from another session, or stale. A token
 * stolen from one session is useless in another, and a session without a fresh factor gets nothing.
 *
 * @example
 * const auth = await requireAuth(ctx, request)
 * if (await userHasMfa(ctx, auth.userId)) await requireMfa(ctx, request, auth)
 */
export async function requireMfa(ctx: ServerContext, request: FastifyRequest, auth: Auth): Promise<void> {
  const token = request.headers[MFA_TOKEN_HEADER]
  if (typeof token !== 'string' || token.length === 0 || token.length > 128)
    throw new ApiError('missing_or_invalid_mfa')
  const [row] = await ctx.db.query(
    'select 1 as ok from mfa_verifications where token_hash = $1 and session_id = $2 and user_id = $3 and expires_at > $4',
    [hashToken(token), auth.sessionId, auth.userId, new Date(ctx.now())],
  )
  if (!row) throw new ApiError('missing_or_invalid_mfa')
}

/**
 * True when the user has at least one confirmed second factor (TOTP, SMS or passkey).
 *
 * @example
 * if (await userHasMfa(ctx, auth.userId)) await requireMfa(ctx, request, auth)
 */
export async function userHasMfa(ctx: ServerContext, userId: string): Promise<boolean> {
  const [row] = await ctx.db.query(
    'select 1 as ok from mfa_methods where user_id = $1 and confirmed limit 1',
    [userId],
  )
  return row !== undefined
}
