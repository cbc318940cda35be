import type { Db } from '../../platform/db/createDatabase'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * How long rows are kept once they are of no use to anyone signing in. The audit log is never pruned
 * (it is append-only, and it already records what these rows were: sessions, revocations, funding
 * status changes), nor is anything a live session, code or purchase still needs.
 */
export const PRUNE_RETENTION = {
  /** Dev outbox messages (codes in them live 10 minutes): a day, to read back what was sent today. */
  devOutboxMs: DAY_MS,
  /**
   * A session after it expired or was revoked, with its refresh tokens: a week, so a spent refresh
   * token replayed soon after a logout or a reuse revocation is still recognised and audited as
   * reuse rather than answered as unknown.
   */
  endedSessionMs: 7 * DAY_MS,
  /** A funding session that reached success or failure: a week of support questions about it. */
  finishedFundingMs: 7 * DAY_MS,
  /** A funding session that never finished (abandoned checkout): providers give up well before. */
  unfinishedFundingMs: 30 * DAY_MS,
} as const

/** Rows per statement: small enough that no delete holds its locks for long on a big backlog. */
export const PRUNE_BATCH_SIZE = 1000
/** Batches per table per run, so one run on a huge backlog ends; the next run goes on. */
export const PRUNE_MAX_BATCHES = 100

export type PruneTable =
  | 'verification_codes'
  | 'mfa_verifications'
  | 'refresh_tokens'
  | 'sessions'
  | 'dev_outbox'
  | 'funding_sessions'
  | 'users'

export type PruneExpiredRowsParameters = {
  /** Milliseconds since the epoch: the server's clock (tests move it). */
  now: number
  batchSize?: number
  maxBatches?: number
}

export type PruneExpiredRowsReturnType = Record<PruneTable, number>

// One statement per table. Each picks at most $1 rows that are due (by an indexed column, see
// migration 007) and deletes them; `for update skip locked` makes instances running the job at the
// same time take different rows instead of waiting on each other, and leaves alone a row that a
// request holds locked right now (a later batch or run takes it). $2 (and $3) are cut-off times.
const STATEMENTS: ReadonlyArray<{
  table: PruneTable
  sql: string
  cutoffs: (now: number) => number[]
  /** An audit action recorded for each deleted row, in the same statement (rows with `id`, `app_id`). */
  audit?: string
}> = [
  {
    // A one-time code past its 10 minutes can no longer be entered.
    table: 'verification_codes',
    sql: `delete from verification_codes where id in (
            select id from verification_codes where expires_at < $2 limit $1 for update skip locked)`,
    cutoffs: (now) => [now],
  },
  {
    // An MFA verification past its 15 minutes covers nothing.
    table: 'mfa_verifications',
    sql: `delete from mfa_verifications where token_hash in (
            select token_hash from mfa_verifications where expires_at < $2 limit $1 for update skip locked)`,
    cutoffs: (now) => [now],
  },
  {
    // An expired refresh token signs no one in. The tokens of a session that ended are kept as long
    // as the session row, then go here in batches before it (the session's delete would otherwise
    // cascade to hundreds of rotated tokens in one statement).
    table: 'refresh_tokens',
    sql: `delete from refresh_tokens where token_hash in (
            select token_hash from refresh_tokens
             where expires_at < $2
                or session_id in (select id from sessions where expires_at < $3 or revoked_at < $3)
             limit $1 for update skip locked)`,
    cutoffs: (now) => [now, now - PRUNE_RETENTION.endedSessionMs],
  },
  {
    table: 'sessions',
    sql: `delete from sessions where id in (
            select id from sessions where expires_at < $2 or revoked_at < $2 limit $1 for update skip locked)`,
    cutoffs: (now) => [now - PRUNE_RETENTION.endedSessionMs],
  },
  {
    table: 'dev_outbox',
    sql: `delete from dev_outbox where id in (
            select id from dev_outbox where created_at < $2 limit $1 for update skip locked)`,
    cutoffs: (now) => [now - PRUNE_RETENTION.devOutboxMs],
  },
  {
    // Webhooks for a pruned session are acknowledged and ignored, as for any unknown one.
    table: 'funding_sessions',
    sql: `delete from funding_sessions where id in (
            select id from funding_sessions
             where (status in ('success', 'failure') and updated_at < $2) or updated_at < $3
             limit $1 for update skip locked)`,
    cutoffs: (now) => [now - PRUNE_RETENTION.finishedFundingMs, now - PRUNE_RETENTION.unfinishedFundingMs],
  },
  {
    // A deleted user past the app's grace period: gone for good, with everything that hangs off the
    // row (accounts, sessions, key roots and wallets, by the schema's cascades). The audit log keeps
    // what happened to them, the purge included; it holds no key.
    table: 'users',
    sql: `delete from users where id in (
            select id from users where purge_after < $2 limit $1 for update skip locked)`,
    cutoffs: (now) => [now],
    audit: 'user.purged',
  },
]

/**
 * Deletes the rows nobody can use any more: expired one-time codes and MFA verifications, expired
 * refresh tokens, sessions a week after they ended, dev outbox messages after a day, and funding
 * sessions a week after they finished (30 days if they never did), and deleted users whose grace
 * period is over (each purge audited as `user.purged`). Each table is pruned in batches
 * of `batchSize` rows, each batch its own short statement; safe to run from several instances at
 * once. Answers how many rows went from each table.
 *
 * @example
 * const pruned = await pruneExpiredRows(ctx.db, { now: ctx.now() })
 * // { verification_codes: 12, mfa_verifications: 0, refresh_tokens: 40, sessions: 3, dev_outbox: 0, funding_sessions: 1, users: 0 }
 */
export async function pruneExpiredRows(
  db: Db,
  { now, batchSize = PRUNE_BATCH_SIZE, maxBatches = PRUNE_MAX_BATCHES }: PruneExpiredRowsParameters,
): Promise<PruneExpiredRowsReturnType> {
  const pruned: PruneExpiredRowsReturnType = {
    verification_codes: 0,
    mfa_verifications: 0,
    refresh_tokens: 0,
    sessions: 0,
    dev_outbox: 0,
    funding_sessions: 0,
    users: 0,
  }
  for (const { table, sql, cutoffs, audit } of STATEMENTS) {
    const parameters = [batchSize, ...cutoffs(now).map((ms) => new Date(ms))]
    // The audit rows go in with the delete: a purge is never done without its record, nor recorded undone.
    const statement = audit
      ? `with gone as (${sql} returning id, app_id),
         logged as (insert into audit_log (app_id, user_id, action, outcome)
                    select app_id, id, '${audit}', 'success' from gone)
         select count(*)::int as n from gone`
      : `with gone as (${sql} returning 1) select count(*)::int as n from gone`
    for (let batch = 0; batch < maxBatches; batch++) {
      const [row] = await db.query<{ n: number }>(statement, parameters)
      const deleted = row?.n ?? 0
      pruned[table] += deleted
      if (deleted < batchSize) break
    }
  }
  return pruned
}
