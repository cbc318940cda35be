import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import { writeAudit } from '../../platform/audit/writeAudit'
import { hashSecret, hashToken } from '../../platform/crypto/tokens'
import type { App } from '../apps/types'
import type { ServerContext } from '../context'
import { PROFILE_SELECT, type ProfileRow, toProfileUser, type User } from '../users/usersRepository'
import { proveClaimedRefreshKey, requireRefreshSignature } from './requireRefreshSignature'
import type { SessionPublicKey } from './schemas'
import { forgetSessions } from './sessionCache'

/**
 * How long after a refresh token is spent the same token still answers with its successor: two tabs
 * (or a retry after a lost answer) refreshing one session at once must not look like a stolen token.
 * Past it, a spent token presented again revokes the whole session family.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000
/** How many rotations within the grace window a late presenter is walked forward through. */
const MAX_GRACE_STEPS = 5

type TokenRow = ProfileRow & {
  session_id: string
  session_public_key: JsonWebKey | null
  used_at: Date | null
  expires_at: Date
  revoked_at: Date | null
  session_expires_at: Date
}

export type RotatedSession = { sessionId: string; user: User; refreshToken: string }

/**
 * Spends a refresh token and answers its successor, in this order:
 * 1. the token must belong to a session of THIS app: another app's id (or an unknown token) is
 *    refused before anything is written, so presenting a victim's token to the wrong app spends nothing;
 * 2. the session and the token must be live;
 * 3. the request must be signed by the session's key (proof of possession; sessions made without a
 *    key, which cannot sign anything, refresh with the token alone). A failed proof spends nothing;
 * 4. the token is marked used and its successor stored in one statement, so of two racing refreshes
 *    exactly one rotates;
 * 5. a token spent less than {@link REFRESH_REUSE_GRACE_MS} ago answers the same successor (the
 *    loser of that race, a second tab); a token spent earlier revokes the family.
 * The successor is an HMAC of the spent token under the server key, so it can be handed out again
 * without ever being stored: the table keeps only hashes. The session key is never changed here.
 * A request that names the key it is signed with (`claimedKey`, as the SDK sends it) is checked
 * against that key first, then rotated in ONE statement that also requires the key to be the
 * session's and answers the user's profile. Otherwise, or when that statement did not rotate, a
 * refresh is two round trips: one read (the token, its session and the user's profile, which the
 * answer is built from) and one statement that rotates.
 *
 * @throws {ApiError} `missing_or_invalid_token`, or the signature's errors.
 * @example
 * const { sessionId, user, refreshToken } = await rotateRefreshToken(ctx, request, { app, presented })
 */
export async function rotateRefreshToken(
  ctx: ServerContext,
  request: FastifyRequest,
  { app, presented, claimedKey }: { app: App; presented: string; claimedKey?: SessionPublicKey | undefined },
): Promise<RotatedSession> {
  const hash = hashToken(presented)
  // The usual refresh (a live, unspent token of a session bound to the key that signed): one statement.
  const proved =
    claimedKey !== undefined && (await proveClaimedRefreshKey(ctx, request, { appId: app.id, claimedKey }))
  if (proved) {
    const rotated = await rotateInOneStatement(ctx, { app, presented, hash, key: claimedKey })
    if (rotated) return rotated
  }
  const [row] = await ctx.db.query<TokenRow>(
    `select p.*, r.session_id, s.session_public_key, r.used_at, r.expires_at, s.revoked_at,
            s.expires_at as session_expires_at
       from refresh_tokens r join sessions s on s.id = r.session_id
            cross join lateral (${PROFILE_SELECT} from users u where u.id = s.user_id) p
      where r.token_hash = $1 and s.app_id = $2`,
    [hash, app.id],
  )
  const now = ctx.now()
  if (!row || row.revoked_at || row.session_expires_at.getTime() <= now || row.expires_at.getTime() <= now)
    throw new ApiError('missing_or_invalid_token')
  // Proved above already (and claimed against replay) when the session's key is the one claimed.
  if (row.session_public_key && !(proved && sameKey(row.session_public_key, claimedKey)))
    await requireRefreshSignature(ctx, request, { appId: app.id, sessionPublicKey: row.session_public_key })

  const rotated = { sessionId: row.session_id, user: toProfileUser(row) }
  let usedAt = row.used_at
  if (!usedAt) {
    const successor = nextRefreshToken(ctx, presented)
    // Spends the token, stores its successor and marks the session used, in one statement.
    const [spent] = await ctx.db.query<{ session_id: string }>(
      `with spent as (
         update refresh_tokens set used_at = $2 where token_hash = $1 and used_at is null returning session_id
       ),
       used as (update sessions set last_used_at = $2 where id in (select session_id from spent))
       insert into refresh_tokens (token_hash, session_id, expires_at) select $3, session_id, $4 from spent
       returning session_id`,
      [hash, new Date(now), hashToken(successor), new Date(now + ctx.config.refreshTokenTtlSeconds * 1000)],
    )
    if (spent) return { ...rotated, refreshToken: successor }
    // Another refresh spent it between the read and the update: answer like a second tab.
    const [raced] = await ctx.db.query<{ used_at: Date | null }>(
      'select used_at from refresh_tokens where token_hash = $1',
      [hash],
    )
    usedAt = raced?.used_at ?? null
  }
  if (usedAt && now - usedAt.getTime() <= REFRESH_REUSE_GRACE_MS) {
    const latest = await findLiveSuccessor(ctx, presented, now)
    if (latest) return { ...rotated, refreshToken: latest }
  }
  await revokeFamily(ctx, request, { app, sessionId: row.session_id, userId: row.id, now })
  throw new ApiError('missing_or_invalid_token')
}

/**
 * The usual refresh in one statement (one round trip): spends the token and stores its successor only
 * if the token is live and unspent and its session, of this app, live and bound to `key` (whose
 * signature the caller has checked), answering the user's profile with it. Undefined when it did
 * not rotate (an unknown, spent or expired token, another key, a refresh that lost a race): the
 * caller then takes the path that tells those apart. Of two racing refreshes one rotates, as the
 * update re-checks `used_at is null` on the row the other changed.
 */
async function rotateInOneStatement(
  ctx: ServerContext,
  { app, presented, hash, key }: { app: App; presented: string; hash: Buffer; key: SessionPublicKey },
): Promise<RotatedSession | undefined> {
  const now = new Date(ctx.now())
  const successor = nextRefreshToken(ctx, presented)
  const [row] = await ctx.db.query<ProfileRow & { session_id: string }>(
    `with live as (
       select r.session_id, s.user_id from refresh_tokens r join sessions s on s.id = r.session_id
        where r.token_hash = $1 and s.app_id = $2 and r.used_at is null and r.expires_at > $3
          and s.revoked_at is null and s.expires_at > $3
          and s.session_public_key ->> 'x' = $4 and s.session_public_key ->> 'y' = $5
     ),
     spent as (
       update refresh_tokens set used_at = $3
        where token_hash = $1 and used_at is null and session_id in (select session_id from live)
        returning session_id
     ),
     used as (update sessions set last_used_at = $3 where id in (select session_id from spent)),
     successor as (
       insert into refresh_tokens (token_hash, session_id, expires_at) select $6, session_id, $7 from spent
     )
     select spent.session_id, p.*
       from spent join live using (session_id)
            cross join lateral (${PROFILE_SELECT} from users u where u.id = live.user_id) p`,
    [
      hash,
      app.id,
      now,
      key.x,
      key.y,
      hashToken(successor),
      new Date(now.getTime() + ctx.config.refreshTokenTtlSeconds * 1000),
    ],
  )
  return row && { sessionId: row.session_id, user: toProfileUser(row), refreshToken: successor }
}

/** Whether a session's stored key is the key a request claimed (P-256: the same point). */
function sameKey(stored: JsonWebKey, claimed: SessionPublicKey | undefined): boolean {
  return claimed !== undefined && stored.x === claimed.x && stored.y === claimed.y
}

/** The token that replaces `spent`: derived, not random, so the grace window can answer it again. */
function nextRefreshToken(ctx: ServerContext, spent: string): string {
  return hashSecret(ctx.encryptionKey, 'refresh-successor', spent).toString('base64url')
}

/**
 * The first unspent token after `spent` in its chain, walking through rotations that themselves
 * happened within the grace window; undefined when the chain was spent earlier (a real reuse).
 */
async function findLiveSuccessor(
  ctx: ServerContext,
  spent: string,
  now: number,
): Promise<string | undefined> {
  let token = spent
  for (let step = 0; step < MAX_GRACE_STEPS; step++) {
    token = nextRefreshToken(ctx, token)
    const [next] = await ctx.db.query<{ used_at: Date | null; expires_at: Date }>(
      'select used_at, expires_at from refresh_tokens where token_hash = $1',
      [hashToken(token)],
    )
    if (!next || next.expires_at.getTime() <= now) return undefined
    if (!next.used_at) return token
    if (now - next.used_at.getTime() > REFRESH_REUSE_GRACE_MS) return undefined
  }
  return undefined
}

/** A spent token presented again, past the grace window, means it was copied: end the whole family. */
async function revokeFamily(
  ctx: ServerContext,
  request: FastifyRequest,
  { app, sessionId, userId, now }: { app: App; sessionId: string; userId: string; now: number },
): Promise<void> {
  await ctx.db.query(
    `update sessions set revoked_at = $2, revoked_reason = 'refresh_token_reuse' where id = $1 and revoked_at is null`,
    [sessionId, new Date(now)],
  )
  await forgetSessions(ctx, { sessionIds: [sessionId] })
  await writeAudit(ctx.db, {
    appId: app.id,
    userId,
    sessionId,
    action: 'session.refresh_token_reuse',
    outcome: 'revoked',
  })
  request.log.warn({ sessionId }, 'refresh token reuse: session family revoked')
}
