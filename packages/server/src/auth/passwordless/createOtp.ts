import { randomInt } from 'node:crypto'
import { ApiError, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@satchel/core'
import type { ServerContext } from '../../identity/context'
import { createId, hashSecret, secretsEqual } from '../../platform/crypto/tokens'

export type OtpChannel = 'email' | 'sms'

type CodeRow = { id: string; code_hash: Buffer; expires_at: Date }

/**
 * Issues a fresh 6-digit code for an address; only its keyed hash is stored. The code belongs to this
 * init alone: the answer's `flowId` (16 random bytes, known only to the client that asked) must come
 * back with it. Earlier codes for the address stay good, so a stranger asking for codes for someone
 * else's address never voids the one they are typing.
 *
 * @example
 * const { code, flowId } = await issueOtp(ctx, app.id, 'email', 'ada@example.com')
 */
export async function issueOtp(
  ctx: ServerContext,
  appId: string,
  channel: OtpChannel,
  identifier: string,
): Promise<{ code: string; flowId: string }> {
  const code = randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0')
  const flowId = createId('otp')
  await ctx.db.query(
    'insert into verification_codes (id, app_id, channel, identifier, code_hash, expires_at) values ($1, $2, $3, $4, $5, $6)',
    [
      flowId,
      appId,
      channel,
      identifier,
      hashCode(ctx, appId, channel, identifier, code),
      new Date(ctx.now() + OTP_TTL_SECONDS * 1000),
    ],
  )
  return { code, flowId }
}

/**
 * Checks a code against the one its flow was sent. Only the client that asked for the code knows
 * its `flowId`, so only it can spend the code's tries: strangers guessing at the address never touch
 * it. Each try counts against the code (in Redis when configured, so every instance sees one count);
 * the fifth wrong try kills it, so a sixth — even the right code — fails. A right code is deleted in
 * the same statement that confirms it, so it works exactly once.
 *
 * @example
 * await verifyOtp(ctx, app.id, 'email', 'ada@example.com', '123456', flowId)
 */
export async function verifyOtp(
  ctx: ServerContext,
  appId: string,
  channel: OtpChannel,
  identifier: string,
  code: string,
  flowId: string,
): Promise<void> {
  const [row] = await ctx.db.query<CodeRow>(
    'select id, code_hash, expires_at from verification_codes where id = $1 and app_id = $2 and channel = $3 and identifier = $4',
    [flowId, appId, channel, identifier],
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
