import type { Db } from '../../platform/db/createDatabase'
import type { ServerContext } from '../context'
import { forgetSessions } from './sessionCache'

export type SessionInfo = {
  id: string
  createdAt: Date
  lastUsedAt: Date
  expiresAt: Date
  userAgent: string | null
  ip: string | null
}

/**
 * A user's live sessions (neither revoked nor expired), most recently used first.
 *
 * @example
 * const sessions = await listLiveSessions(ctx, userId)
 */
export async function listLiveSessions(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  userId: string,
): Promise<SessionInfo[]> {
  const rows = await ctx.db.query<{
    id: string
    created_at: Date
    last_used_at: Date
    expires_at: Date
    user_agent: string | null
    ip: string | null
  }>(
    `select id, created_at, last_used_at, expires_at, user_agent, ip from sessions
     where user_id = $1 and revoked_at is null and expires_at > $2 order by last_used_at desc, id`,
    [userId, new Date(ctx.now())],
  )
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    userAgent: row.user_agent,
    ip: row.ip,
  }))
}

/**
 * Revokes one session of the user (`sessionId`) or all of them, then tells every instance to drop
 * what it cached of them: the next request with their access token, and their next refresh, fail.
 * Answers the ids revoked (none for a session that is not the user's or already ended).
 * Given `tx`, the revocation is part of that transaction and the caches are emptied by the caller
 * once it commits (`forgetSessions`).
 *
 * @example
 * const revoked = await revokeSessions(ctx, { userId, reason: 'admin' })
 */
export async function revokeSessions(
  ctx: Pick<ServerContext, 'db' | 'now' | 'sessionCache'>,
  { userId, sessionId, reason, tx }: { userId: string; sessionId?: string; reason: string; tx?: Db },
): Promise<string[]> {
  const rows = await (tx ?? ctx.db).query<{ id: string }>(
    `update sessions set revoked_at = $2, revoked_reason = $3
     where user_id = $1 and revoked_at is null and ($4::text is null or id = $4) returning id`,
    [userId, new Date(ctx.now()), reason, sessionId ?? null],
  )
  if (!tx) await forgetSessions(ctx, { userId })
  return rows.map((row) => row.id)
}

/**
 * When each of these users last used a session (their last request or refresh), or nothing for a
 * user who never signed in.
 *
 * @example
 * const lastActive = await readLastActive(db, ['usr_1'])
 */
export async function readLastActive(db: Db, userIds: readonly string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map()
  const rows = await db.query<{ user_id: string; at: Date }>(
    'select user_id, max(last_used_at) as at from sessions where user_id = any($1) group by user_id',
    [userIds],
  )
  return new Map(rows.map((row) => [row.user_id, row.at]))
}
