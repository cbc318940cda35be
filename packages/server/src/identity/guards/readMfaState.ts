import type { FastifyRequest } from 'fastify'
import { hashToken } from '../../platform/crypto/tokens'
import type { ServerContext } from '../context'
import type { Auth } from '../requestContext'
import { MFA_TOKEN_HEADER } from './requireMfa'

export type MfaState = {
  /** The user has at least one confirmed second factor (TOTP, SMS or passkey). */
  enrolled: boolean
  /** The request carries an MFA token of this session, less than 15 minutes old. */
  verified: boolean
}

/**
 * Whether the user has a second factor and whether this request proves a fresh one
 * (`satchel-mfa-token`), in one query: what a step-up check needs before deciding.
 *
 * @example
 * const { enrolled, verified } = await readMfaState(ctx, request, auth)
 * if (enrolled && !verified) throw new ApiError('missing_or_invalid_mfa')
 */
export async function readMfaState(
  ctx: ServerContext,
  request: FastifyRequest,
  auth: Auth,
): Promise<MfaState> {
  const header = request.headers[MFA_TOKEN_HEADER]
  const token = typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : undefined
  const [row] = await ctx.db.query<{ enrolled: boolean; verified: boolean }>(
    `select exists (select 1 from mfa_methods where user_id = $1 and confirmed) as enrolled,
            exists (select 1 from mfa_verifications
                     where token_hash = $2 and session_id = $3 and user_id = $1 and expires_at > $4) as verified`,
    [auth.userId, token ? hashToken(token) : Buffer.alloc(0), auth.sessionId, new Date(ctx.now())],
  )
  return { enrolled: row?.enrolled === true, verified: token !== undefined && row?.verified === true }
}
