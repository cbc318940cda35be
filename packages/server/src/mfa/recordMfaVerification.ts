import { MFA_VERIFICATION_TTL_SECONDS } from '@satchel/core'
import type { ServerContext } from '../identity/context'
import type { Auth } from '../identity/requestContext'
import { writeAudit } from '../platform/audit/writeAudit'
import { createRandomToken, hashToken } from '../platform/crypto/tokens'
import type { MfaMethodType } from './mfaMethods'

/**
 * Records that the signed-in user has just passed a second factor and returns the MFA token the
 * client sends as `satchel-mfa-token` for sensitive actions. The token is bound to this session and
 * valid {@link MFA_VERIFICATION_TTL_SECONDS} (15 minutes); only its SHA-256 is stored (32 random
 * bytes cannot be brute-forced from the hash). Called by every MFA `verify` route, passkeys included.
 *
 * @example
 * const token = await recordMfaVerification(ctx, auth, 'passkey')
 * return { token }
 */
export async function recordMfaVerification(
  ctx: ServerContext,
  auth: Auth,
  method?: MfaMethodType | 'backup_code',
): Promise<string> {
  const token = createRandomToken(32)
  const now = ctx.now()
  // Spent tokens of this session are swept here, so the table stays as small as the live tokens.
  await ctx.db.query('delete from mfa_verifications where session_id = $1 and expires_at <= $2', [
    auth.sessionId,
    new Date(now),
  ])
  await ctx.db.query(
    'insert into mfa_verifications (token_hash, session_id, user_id, method, expires_at, created_at) values ($1, $2, $3, $4, $5, $6)',
    [
      hashToken(token),
      auth.sessionId,
      auth.userId,
      method ?? 'unknown',
      new Date(now + MFA_VERIFICATION_TTL_SECONDS * 1000),
      new Date(now),
    ],
  )
  await writeAudit(ctx.db, {
    appId: auth.app.id,
    userId: auth.userId,
    sessionId: auth.sessionId,
    action: 'mfa.verify',
    outcome: 'success',
    details: { method: method ?? 'unknown' },
  })
  return token
}
