import type { ServerContext } from '../identity/context'
import { emitUserEvent } from '../identity/webhooks/emitUserEvent'
import { createId } from '../platform/crypto/tokens'
import { deleteBackupCodes } from './backupCodes'

/** The second factors Satchel offers. */
export type MfaMethodType = 'totp' | 'sms' | 'passkey'

export type MfaMethod = {
  id: string
  userId: string
  type: MfaMethodType
  /** TOTP only: the secret sealed under the API's key, associated data `totp:<user id>`. */
  sealedSecret: Uint8Array | null
  /** SMS only: the number codes go to, E.164. */
  phone: string | null
  /** Passkey MFA: which credentials count (`{credential_ids: [...]}`); public data only. */
  details: Record<string, unknown>
  /** Pending until the user has proved the method once. */
  confirmed: boolean
  enrolledAt: Date | null
}

type Row = {
  id: string
  user_id: string
  type: MfaMethodType
  sealed_secret: Uint8Array | null
  phone: string | null
  details: Record<string, unknown>
  confirmed: boolean
  enrolled_at: Date | null
}

/**
 * The user's method of a type, pending or confirmed.
 *
 * @example
 * const totp = await getMfaMethod(ctx, userId, 'totp')
 * if (totp?.confirmed) ...
 */
export async function getMfaMethod(
  ctx: ServerContext,
  userId: string,
  type: MfaMethodType,
): Promise<MfaMethod | undefined> {
  const [row] = await ctx.db.query<Row>('select * from mfa_methods where user_id = $1 and type = $2', [
    userId,
    type,
  ])
  return row ? toMfaMethod(row) : undefined
}

/** The user's confirmed methods, in enrolment order (what `user.mfa_methods` lists). */
export async function listMfaMethods(ctx: ServerContext, userId: string): Promise<MfaMethodType[]> {
  const rows = await ctx.db.query<{ type: MfaMethodType }>(
    'select type from mfa_methods where user_id = $1 and confirmed order by enrolled_at, type',
    [userId],
  )
  return rows.map((r) => r.type)
}

/**
 * Starts (or restarts) a pending enrolment. A confirmed method is never overwritten: the update only
 * applies while the row is pending, and the answer is false when a confirmed one is in the way.
 *
 * @example
 * await savePendingMfaMethod(ctx, userId, 'sms', { phone: '+14155552671' })
 */
export async function savePendingMfaMethod(
  ctx: ServerContext,
  userId: string,
  type: MfaMethodType,
  fields: { sealedSecret?: Uint8Array; phone?: string; details?: Record<string, unknown> },
): Promise<boolean> {
  const rows = await ctx.db.query(
    `insert into mfa_methods (id, user_id, type, sealed_secret, phone, details) values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id, type) do update set sealed_secret = $4, phone = $5, details = $6, created_at = now()
       where mfa_methods.confirmed = false
     returning id`,
    [
      createId('mfa'),
      userId,
      type,
      fields.sealedSecret ?? null,
      fields.phone ?? null,
      JSON.stringify(fields.details ?? {}),
    ],
  )
  return rows.length > 0
}

/**
 * Marks a method as enrolled. Passkey MFA (whose proof is a WebAuthn ceremony) can pass `details` to
 * create the row confirmed in one step. True when this call confirmed it.
 *
 * @example
 * await confirmMfaMethod(ctx, userId, 'passkey', { details: { credential_ids: [credentialId] } })
 */
export async function confirmMfaMethod(
  ctx: ServerContext,
  userId: string,
  type: MfaMethodType,
  options: { details?: Record<string, unknown> } = {},
): Promise<boolean> {
  const enrolledAt = new Date(ctx.now())
  if (options.details) {
    const rows = await ctx.db.query(
      `insert into mfa_methods (id, user_id, type, details, confirmed, enrolled_at) values ($1, $2, $3, $4, true, $5)
       on conflict (user_id, type) do update set details = $4, confirmed = true, enrolled_at = coalesce(mfa_methods.enrolled_at, $5)
       returning id`,
      [createId('mfa'), userId, type, JSON.stringify(options.details), enrolledAt],
    )
    if (rows.length > 0) await emitUserEvent(ctx, userId, 'mfa.enabled', { method: type })
    return rows.length > 0
  }
  const rows = await ctx.db.query(
    'update mfa_methods set confirmed = true, enrolled_at = $3 where user_id = $1 and type = $2 and not confirmed returning id',
    [userId, type, enrolledAt],
  )
  if (rows.length > 0) await emitUserEvent(ctx, userId, 'mfa.enabled', { method: type })
  return rows.length > 0
}

/** Removes a method (pending or confirmed); true when there was one. */
export async function deleteMfaMethod(
  ctx: ServerContext,
  userId: string,
  type: MfaMethodType,
): Promise<boolean> {
  const rows = await ctx.db.query<{ confirmed: boolean }>(
    'delete from mfa_methods where user_id = $1 and type = $2 returning confirmed',
    [userId, type],
  )
  // A pending method that is dropped was never enabled: only a confirmed one's removal is news.
  if (rows.some((row) => row.confirmed)) await emitUserEvent(ctx, userId, 'mfa.disabled', { method: type })
  // Backup codes stand in for a second factor: with the last one gone they would be one on their own.
  if ((await listMfaMethods(ctx, userId)).length === 0) await deleteBackupCodes(ctx, userId)
  return rows.length > 0
}

function toMfaMethod(row: Row): MfaMethod {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    sealedSecret: row.sealed_secret,
    phone: row.phone,
    details: row.details,
    confirmed: row.confirmed,
    enrolledAt: row.enrolled_at,
  }
}
