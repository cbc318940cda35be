import { randomInt } from 'node:crypto'
import { ApiError, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@satchel/core'
import { createId, hashSecret, secretsEqual } from '../../platform/crypto/tokens'
import { commitWithoutWaiting } from '../../platform/db/commitWithoutWaiting'
import type { ServerContext } from '../context'

type CodeContext = Pick<ServerContext, 'db' | 'kv' | 'encryptionKey' | 'now'>

// The one module for one-time codes: sign-in codes (email, SMS, also when linking an address) and
// SMS second-factor codes share the table, the tries, the hashing and the single use.

/** A sign-in code's channel. */
export type OtpChannel = 'email' | 'sms'

/**
 * Which code: the app, the channel (`email`, `sms`, `mfa_sms`) and who it is for. A sign-in code is
 * also named by its flow (`flowId`, answered by the init that sent it, known only to that client);
 * an MFA code is the one code of its identifier.
 */
export type CodeAddress = { appId: string; channel: string; identifier: string; flowId?: string | undefined }

/**
 * Issues a fresh 6-digit code; only a keyed hash of it, bound to `binding` (what the code is for:
 * the address, the phone it was texted to), is stored, in `verification_codes`. The answer's
 * `flowId` names the code. Earlier codes of the identifier stay good (a stranger asking for codes
 * never voids the one the owner is typing), unless `replace` (one MFA code per session and purpose;
 * the `mfa_sms` channel only, which has the unique index).
 *
 * @example
 * const { code, flowId } = await issueCode(ctx, { appId, channel: 'email', identifier }, ['otp', appId, 'email', identifier])
 */
export async function issueCode(
  ctx: CodeContext,
  address: Omit<CodeAddress, 'flowId'>,
  binding: readonly string[],
  { replace = false }: { replace?: boolean } = {},
): Promise<{ code: string; flowId: string }> {
  const code = randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0')
  const flowId = createId('otp')
  const values = [
    flowId,
    address.appId,
    address.channel,
    address.identifier,
    hashSecret(ctx.encryptionKey, ...binding, code),
    new Date(ctx.now() + OTP_TTL_SECONDS * 1000),
  ]
  const insert =
    'insert into verification_codes (id, app_id, channel, identifier, code_hash, expires_at) values ($1, $2, $3, $4, $5, $6)'
  // A code lost in a crash is asked for again: its write does not wait for the disk (spending one does).
  await ctx.db.query(
    commitWithoutWaiting(
      replace
        ? `${insert} on conflict (app_id, channel, identifier) where channel = 'mfa_sms'
         do update set id = $1, code_hash = $5, expires_at = $6, created_at = now()`
        : insert,
    ),
    values,
  )
  return { code, flowId }
}

/**
 * Checks a code: 10 minutes, each try counted (in Redis when configured, so every instance sees one
 * count), the fifth wrong try burns it (a sixth fails even with the right code), compared in constant
 * time over keyed hashes, and a right code is deleted in the statement that confirms it, so it works
 * exactly once. A code with a flow is found only by its flow: strangers guessing at the address never
 * spend its tries. A burnt code leaves a mark for its lifetime, so the person typing the right code
 * afterwards is told to request a new one rather than that it is wrong.
 *
 * @throws {ApiError} `invalid_credentials` for a wrong, spent or expired code; `code_attempts_exceeded`
 *   from the try that burns it on, until a new code is issued.
 * @example
 * await verifyCode(ctx, { appId, channel: 'email', identifier, flowId }, ['otp', appId, 'email', identifier], '123456')
 */
export async function verifyCode(
  ctx: CodeContext,
  address: CodeAddress,
  binding: readonly string[],
  code: string,
): Promise<void> {
  const { appId, channel, identifier, flowId } = address
  if (flowId !== undefined) {
    await consumeFlowCode(ctx, { appId, channel, identifier, flowId }, binding, code)
    return
  }
  const [row] = await ctx.db.query<{ id: string; code_hash: Buffer; expires_at: Date }>(
    'select id, code_hash, expires_at from verification_codes where app_id = $1 and channel = $2 and identifier = $3',
    [appId, channel, identifier],
  )
  // The mark names the address, not the row: once the row is gone only the address is known.
  const burntKey = `otp:burnt:${appId}:${channel}:${identifier}`
  if (!row) throw (await ctx.kv.get(burntKey)) === undefined ? wrongCode() : attemptsExceeded()
  if (row.expires_at.getTime() <= ctx.now()) throw wrongCode()
  const attemptsKey = `otp:attempts:${row.id}`
  const attempts = await ctx.kv.increment(attemptsKey, OTP_TTL_SECONDS)
  const right =
    attempts <= OTP_MAX_ATTEMPTS &&
    codeHashes(ctx, binding, code).some((hash) => secretsEqual(row.code_hash, hash))
  if (!right) {
    if (attempts < OTP_MAX_ATTEMPTS) throw wrongCode()
    await ctx.kv.setIfAbsent(burntKey, row.id, OTP_TTL_SECONDS)
    await deleteCode(ctx, row.id)
    throw attemptsExceeded()
  }
  // Deleting is the confirmation: of two concurrent right answers only one deletes the row. The try
  // count is left to expire: it names this row, and a new code is a new row.
  if (!(await deleteCode(ctx, row.id))) throw wrongCode()
}

/**
 * A read made in the statement that spends a code, run only when the code is right: a SELECT of at
 * most one row, its values added through `param` (which answers their `$n`).
 */
export type ReadWithCode = (param: (value: unknown) => string) => string

/**
 * A code named by its flow, checked and spent in one statement: the try is counted first (the flow id
 * names the count, so no read is needed to find it), then the row is deleted only if the keyed hash,
 * the address and the expiry all match. Comparing the hashes in SQL is safe without constant time:
 * they are HMACs under the server key, so timing reveals nothing about a code. The flow's try count
 * outlives the row, so the fifth wrong try and every try after it are `code_attempts_exceeded`.
 * `read`, when given, runs in the same statement once the code is spent (one round trip, not two),
 * and its row is the answer; a wrong code reads nothing, so its timing says nothing of what is there.
 * The read is joined laterally to the spent row, so it is evaluated once per spent row and never
 * without one. (A filter `where exists (select 1 from spent)` is not enough: PostgreSQL 18, which
 * PGlite is, moves it above the join and runs the read anyway.)
 */
async function consumeFlowCode<Row extends object>(
  ctx: CodeContext,
  { appId, channel, identifier, flowId }: CodeAddress & { flowId: string },
  binding: readonly string[],
  code: string,
  read?: ReadWithCode,
): Promise<Row | undefined> {
  const attemptsKey = `otp:attempts:${flowId}`
  const attempts = await ctx.kv.increment(attemptsKey, OTP_TTL_SECONDS)
  // Past the fifth try the code is burnt: even the right one is refused, in words that say to ask again.
  if (attempts > OTP_MAX_ATTEMPTS) {
    await deleteCode(ctx, flowId)
    throw attemptsExceeded()
  }
  const values: unknown[] = []
  const param = (value: unknown) => `$${values.push(value)}`
  // A flow's code is a login's proof: the login's own commit waits for the disk and flushes this too.
  const spend = commitWithoutWaiting(`delete from verification_codes
      where id = ${param(flowId)} and app_id = ${param(appId)} and channel = ${param(channel)}
        and identifier = ${param(identifier)} and expires_at > ${param(new Date(ctx.now()))}
        and code_hash in (${codeHashes(ctx, binding, code).map(param).join(', ')})
      returning id`)
  const [row] = await ctx.db.query<{ spent: boolean; read_found?: true | null } & Row>(
    read
      ? `with spent as (${spend})
         select exists (select 1 from spent) as spent, found.*
           from (select 1) one left join lateral (
             select true as read_found, r.*
               from spent, lateral (select q.* from (${read(param)}) q where spent.id is not null) r
           ) found on true`
      : `with spent as (${spend}) select exists (select 1 from spent) as spent`,
    values,
  )
  if (!row?.spent) {
    if (attempts < OTP_MAX_ATTEMPTS) throw wrongCode()
    await deleteCode(ctx, flowId)
    throw attemptsExceeded()
  }
  // The try count is left to expire: it names a flow whose code is gone.
  const { spent: _, read_found, ...found } = row
  return read_found ? (found as unknown as Row) : undefined
}

/**
 * The keyed hashes a right code may be stored under: the current key's, and during a key rotation the
 * previous key's too (a code sent just before the switch was hashed under it).
 */
function codeHashes(ctx: CodeContext, binding: readonly string[], code: string): Buffer[] {
  return [ctx.encryptionKey, ...(ctx.encryptionKey.previous ?? [])].map((key) =>
    hashSecret(key, ...binding, code),
  )
}

async function deleteCode(ctx: CodeContext, id: string): Promise<boolean> {
  return (await ctx.db.query('delete from verification_codes where id = $1 returning id', [id])).length > 0
}

function attemptsExceeded() {
  return new ApiError('code_attempts_exceeded')
}

function wrongCode() {
  return new ApiError('invalid_credentials', { message: 'The code is wrong or has expired' })
}

/**
 * A sign-in code for an email address or phone number, good only with the answer's `flowId`.
 *
 * @example
 * const { code, flowId } = await issueOtp(ctx, app.id, 'email', 'ada@example.com')
 */
export function issueOtp(
  ctx: CodeContext,
  appId: string,
  channel: OtpChannel,
  identifier: string,
): Promise<{ code: string; flowId: string }> {
  return issueCode(ctx, { appId, channel, identifier }, ['otp', appId, channel, identifier])
}

/**
 * Checks a sign-in code against the one its flow was sent ({@link verifyCode}); with `read`, answers
 * that read's row, made in the statement that spends the code (undefined when it found nothing).
 *
 * @example
 * await verifyOtp(ctx, app.id, 'email', 'ada@example.com', '123456', flowId)
 * const row = await verifyOtp<ProfileRow>(ctx, app.id, 'email', address, code, flowId, (param) => `select …`)
 */
export async function verifyOtp<Row extends object = never>(
  ctx: CodeContext,
  appId: string,
  channel: OtpChannel,
  identifier: string,
  code: string,
  flowId: string,
  read?: ReadWithCode,
): Promise<Row | undefined> {
  return consumeFlowCode<Row>(
    ctx,
    { appId, channel, identifier, flowId },
    ['otp', appId, channel, identifier],
    code,
    read,
  )
}
