import { randomInt } from 'node:crypto'
import { ApiError, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@satchel/core'
import type { ServerContext } from '../identity/context'
import { createId, hashSecret, secretsEqual } from '../platform/crypto/tokens'

/** An SMS code either enrols a new number or verifies the enrolled one; a code of one is no use for the other. */
export type MfaSmsPurpose = 'enroll' | 'verify'

// MFA codes live in the login codes' table under their own channel, keyed by the user rather than
// the number: a code texted as a second factor can never be spent as a login code for that phone.
const CHANNEL = 'mfa_sms'

/** Who a code is for: the user, and the session that asked (only it can enter the code). */
export type MfaSmsCodeOwner = { appId: string; userId: string; sessionId: string }

// A code belongs to the session that asked for it: a thief holding one of the user's sessions can
// spend only the tries of codes texted to that session, never burn the one the owner is typing on
// another device.
const identifierOf = ({ userId, sessionId }: MfaSmsCodeOwner, purpose: MfaSmsPurpose) =>
  `${userId}:${sessionId}:${purpose}`

/**
 * Issues a 6-digit MFA code for a session and purpose, replacing that session's earlier one; only a
 * keyed hash (bound to the app, user, session, purpose and phone) is stored.
 *
 * @example
 * const code = await issueMfaSmsCode(ctx, { appId, userId, sessionId }, 'verify', '+14155552671')
 */
export async function issueMfaSmsCode(
  ctx: ServerContext,
  owner: MfaSmsCodeOwner,
  purpose: MfaSmsPurpose,
  phone: string,
): Promise<string> {
  const code = randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0')
  const { appId } = owner
  const identifier = identifierOf(owner, purpose)
  await ctx.db.query(
    `insert into verification_codes (id, app_id, channel, identifier, code_hash, expires_at) values ($1, $2, $3, $4, $5, $6)
     on conflict (app_id, channel, identifier) where channel = 'mfa_sms'
     do update set id = $1, code_hash = $5, expires_at = $6, created_at = now()`,
    [
      createId('otp'),
      appId,
      CHANNEL,
      identifier,
      hashCode(ctx, appId, identifier, phone, code),
      new Date(ctx.now() + OTP_TTL_SECONDS * 1000),
    ],
  )
  return code
}

/**
 * Checks an MFA code exactly like a login code: 10 minutes, the fifth wrong try burns it (a sixth
 * fails even with the right code), and a right code works once. Only the session the code was texted
 * for can enter it.
 *
 * @example
 * await verifyMfaSmsCode(ctx, { appId, userId, sessionId }, 'verify', method.phone, '123456')
 */
export async function verifyMfaSmsCode(
  ctx: ServerContext,
  owner: MfaSmsCodeOwner,
  purpose: MfaSmsPurpose,
  phone: string,
  code: string,
): Promise<void> {
  const { appId } = owner
  const identifier = identifierOf(owner, purpose)
  const [row] = await ctx.db.query<{ id: string; code_hash: Buffer; expires_at: Date }>(
    'select id, code_hash, expires_at from verification_codes where app_id = $1 and channel = $2 and identifier = $3',
    [appId, CHANNEL, identifier],
  )
  if (!row || row.expires_at.getTime() <= ctx.now()) throw wrongCode()
  const attemptsKey = `mfa:attempts:sms:${row.id}`
  const attempts = await ctx.kv.increment(attemptsKey, OTP_TTL_SECONDS)
  if (attempts > OTP_MAX_ATTEMPTS) {
    await deleteCode(ctx, row.id)
    throw wrongCode()
  }
  if (!secretsEqual(row.code_hash, hashCode(ctx, appId, identifier, phone, code))) {
    if (attempts >= OTP_MAX_ATTEMPTS) await deleteCode(ctx, row.id)
    throw wrongCode()
  }
  // Deleting is the confirmation: of two concurrent right answers only one deletes the row.
  if (!(await deleteCode(ctx, row.id))) throw wrongCode()
  await ctx.kv.delete(attemptsKey)
}

function hashCode(ctx: ServerContext, appId: string, identifier: string, phone: string, code: string) {
  return hashSecret(ctx.encryptionKey, CHANNEL, appId, identifier, phone, code)
}

async function deleteCode(ctx: ServerContext, id: string): Promise<boolean> {
  return (await ctx.db.query('delete from verification_codes where id = $1 returning id', [id])).length > 0
}

function wrongCode() {
  return new ApiError('invalid_credentials', { message: 'The code is wrong or has expired' })
}
