import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/createDatabase'
import type { Kv } from '../../platform/kv/createKv'
import { createSharedCache, type SharedCache } from '../../platform/kv/createSharedCache'

// The context's own parts this module uses (not ServerContext itself, which holds the cache).
type SessionCacheContext = { db: Db; now(): number; sessionCache: SharedCache<SessionState> }

/** What an authenticated request needs from its session row. */
export type SessionState = { userId: string; sessionPublicKey: JsonWebKey | null; expiresAt: number }

/**
 * How long an instance may trust a live session it read without hearing otherwise. Revocations reach
 * every instance through the shared store at once; this bounds the case where that message is lost
 * (Redis unreachable when it was sent).
 */
export const SESSION_CACHE_TTL_MS = 5_000
const SESSION_CACHE_MAX = 20_000
const CHANNEL = 'invalidate:sessions'

/**
 * The per-instance cache of live sessions (one per server: `ctx.sessionCache`), emptied on every
 * instance through the shared store.
 *
 * @example
 * const sessionCache = createSessionCache({ kv, now, log })
 */
export function createSessionCache(ctx: {
  kv: Kv
  now(): number
  log: FastifyBaseLogger
}): SharedCache<SessionState> {
  return createSharedCache<SessionState>({
    kv: ctx.kv,
    channel: CHANNEL,
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX,
    tagsOf: (state) => [`user:${state.userId}`],
    now: ctx.now,
    onPublishError: (error) =>
      ctx.log.warn({ err: error }, 'session revocation not broadcast: other instances honour it within 5 s'),
  })
}

/**
 * A session that is neither revoked nor expired, or undefined. Served from a per-instance cache that
 * every instance empties of a session as soon as any instance revokes it or changes its key
 * ({@link forgetSessions}), so the database is read about once per session per few seconds instead of
 * on every request.
 *
 * @example
 * const session = await readLiveSession(ctx, claims.sid)
 * if (!session || session.userId !== claims.sub) throw new ApiError('missing_or_invalid_token')
 */
export async function readLiveSession(
  ctx: SessionCacheContext,
  sessionId: string,
): Promise<SessionState | undefined> {
  const state = await ctx.sessionCache.load(sessionId, async () => {
    const [row] = await ctx.db.query<{
      user_id: string
      session_public_key: JsonWebKey | null
      expires_at: Date
    }>(
      'select user_id, session_public_key, expires_at from sessions where id = $1 and revoked_at is null and expires_at > $2',
      [sessionId, new Date(ctx.now())],
    )
    return (
      row && {
        userId: row.user_id,
        sessionPublicKey: row.session_public_key,
        expiresAt: row.expires_at.getTime(),
      }
    )
  })
  // Expiry is checked on every use: a cached session does not outlive its row.
  return state && state.expiresAt > ctx.now() ? state : undefined
}

/**
 * Tells every instance to stop trusting what it cached of these sessions (or of all a user's
 * sessions): call it after the change (revocation, a new session key) is committed.
 *
 * @example
 * await ctx.db.query("update sessions set revoked_at = $2 where id = $1", [sessionId, now])
 * await forgetSessions(ctx, { sessionIds: [sessionId] })
 */
export async function forgetSessions(
  ctx: SessionCacheContext,
  { sessionIds = [], userId }: { sessionIds?: readonly string[]; userId?: string | undefined },
): Promise<void> {
  await ctx.sessionCache.invalidate([...sessionIds, ...(userId ? [`user:${userId}`] : [])])
}
