import { randomInt } from 'node:crypto'
import { ApiError, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@satchel/core'
import type { ServerContext } from '../../context'
import { createId, hashSecret, secretsEqual } from '../../crypto/tokens'

export type OtpChannel = 'email' | 'sms'

type CodeRow = { id: string; code_hash: Buffer; expires_at: Date }

/** Issues a fresh 6-digit code for an address, replacing any earlier one; only its keyed hash is stored. */
export async function issueOtp(
  ctx: ServerContext,
  appId: string,
  channel: OtpChannel,
  identifier: string,
): Promise<string> {
  const code = randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0')
  const id = createId('otp')
  await ctx.db.query(
    `insert into verification_codes (id, app_id, channel, identifier, code_hash, expires_at) values ($1, $2, $3, $4, $5, $6)
     on conflict (app_id, channel, identifier) do update set id = $1, code_hash = $5, expires_at = $6, created_at = now()`,
    [
      id,
      appId,
      channel,
      identifier,
      hashCode(ctx, appId, channel, identifier, code),
      new Date(ctx.now() + OTP_TTL_SECONDS * 1000),
    ],
  )
  return code
}

/**
 * Checks a code. Each wrong try counts against the code (in Redis when configured, so every instance
 * sees one count); the fifth wrong try kills it, so a sixth — even the right code — fails. A right code
 * is deleted in the same statement that confirms it, so it works exactly once.
 */
export async function verifyOtp(
  ctx: ServerContext,
  appId: string,
  channel: OtpChannel,
  identifier: string,
  code: string,
): Promise<void> {
  const [row] = await ctx.db.query<CodeRow>(
    'select id, code_hash, expires_at from verification_codes where app_id = $1 and channel = $2 and identifier = $3',
    [appId, channel, identifier],
  )
  if (!row || row.expires_at.getTime() <= ctx.now()) throw wrongCode()
  const attempts = await ctx.kv.increment(`otp:attempts:${row.id}`, OTP_TTL_SECONDS)
  if (attempts > OTP_MAX_ATTEMPTS) {
    await deleteCode(ctx, row.id)
    throw wrongCode()
  }
  // Compared in constant time over keyed hashes: neither timing nor a dump reveals the code.
  if (!secretsEqual(row.code_hash, hashCode(ctx, appId, channel, identifier, code))) {
    if (attempts >= OTP_MAX_ATTEMPTS) await deleteCode(ctx, row.id)
    throw wrongCode()
  }
  if (!(await deleteCode(ctx, row.id))) throw wrongCode()
  await ctx.kv.delete(`otp:attempts:${row.id}`)
}

function hashCode(ctx: ServerContext, appId: string, channel: OtpChannel, identifier: string, code: string) {
  return hashSecret(ctx.encryptionKey, 'otp', appId, channel, identifier, code)
}

async function deleteCode(ctx: ServerContext, id: string): Promise<boolean> {
  return (await ctx.db.query('delete from verification_codes where id = $1 returning id', [id])).length > 0
}

function wrongCode() {
  return new ApiError('invalid_credentials', { message: 'The code is wrong or has expired' })
}
