import { createId } from '../crypto/tokens'
import type { Db } from '../db/createDatabase'
import { type AuditRow, toAuditRow } from './toAuditRow'
import type { AuditEntry } from './writeAudit'

/** The second half of an audit entry whose intent is already stored (see {@link AuditBatcher.begin}). */
export type AuditIntent = {
  /** `details.request_id` of both entries: what links an intent to its outcome. */
  requestId: string
  /**
   * Records how the effect ended, in the background: it never throws and never delays the caller,
   * since the effect (a broadcast) has happened and must be answered as it went.
   */
  complete(outcome: Exclude<AuditEntry['outcome'], 'started'>, details?: Record<string, unknown>): void
}

export type AuditBatcher = {
  /**
   * Resolves once the entry is committed. It rejects only when the entry could not be stored at all
   * (the database is unreachable): one entry's content never fails another's. Use it before an
   * effect, so that nothing leaves unaudited.
   */
  write(entry: AuditEntry): Promise<void>
  /**
   * Writes an entry in the background: never throws, never delays the caller; an entry that cannot be
   * stored is logged. Use it after an effect, whose answer must not depend on the audit log.
   */
  record(entry: AuditEntry): void
  /**
   * Stores, durably, that an effect is about to happen (`outcome: 'started'`), and answers how to
   * record how it ended. Written before a broadcast leaves, so a crash or a lost completion still
   * leaves a trace of every transaction sent.
   */
  begin(entry: Omit<AuditEntry, 'outcome'>): Promise<AuditIntent>
  /** Waits for every entry given so far. */
  flush(): Promise<void>
}

export type CreateAuditBatcherParameters = {
  /** Most entries per insert. Default 200. */
  maxBatch?: number
  /** Told of an entry that could not be stored (its action and outcome, never its details). */
  onLost?: (error: unknown, entry: Pick<AuditEntry, 'action' | 'outcome'>) => void
}

type Pending = { row: AuditRow; done: (error?: unknown) => void }

/**
 * Writes audit entries with group commit: while one insert is in flight, the entries that arrive
 * meanwhile wait and go together in the next single multi-row insert. A lone request pays exactly
 * one insert; 32 concurrent signatures pay one commit (one WAL flush) instead of 32.
 * Entries are made storable when they are queued (no NUL, no lone surrogate, bounded details), and
 * when a multi-row insert fails anyway each entry is retried alone, then with its details left out:
 * one user's bad entry can never fail another user's request, nor lose their entries.
 *
 * @example
 * const audit = createAuditBatcher(ctx.db, { onLost: (err) => ctx.log.error({ err }, 'audit entry lost') })
 * await audit.write({ appId, userId, action: 'wallet.rpc', outcome: 'success', details })
 * const intent = await audit.begin({ appId, userId, action: 'wallet.rpc', details })
 * intent.complete('success', { transaction_hash })
 */
export function createAuditBatcher(
  db: Db,
  { maxBatch = 200, onLost = () => {} }: CreateAuditBatcherParameters = {},
): AuditBatcher {
  let queue: Pending[] = []
  let inFlight: Promise<void> | undefined

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch)
      queue = queue.slice(batch.length)
      try {
        await insertRows(
          db,
          batch.map(({ row }) => row),
        )
        for (const { done } of batch) done()
      } catch {
        // Rare (the rows are sanitized): find the row at fault instead of failing its neighbours.
        for (const pending of batch) await insertAlone(pending, batch.length > 1)
      }
    }
  }

  /** One entry of a failed batch: alone, then without its details; only then is its caller failed. */
  async function insertAlone({ row, done }: Pending, tryAsIs: boolean): Promise<void> {
    if (tryAsIs) {
      try {
        await insertRows(db, [row])
        return done()
      } catch {
        // Its details, probably: the fact that something happened outlives them.
      }
    }
    try {
      await insertRows(db, [{ ...row, details: stripDetails(row.details) }])
      done()
    } catch (error) {
      done(error)
    }
  }

  function start(): Promise<void> {
    inFlight ??= drain().finally(() => {
      inFlight = undefined
      // An entry queued after the last batch was taken but before this callback ran.
      if (queue.length > 0) void start()
    })
    return inFlight
  }

  const write = (entry: AuditEntry) =>
    new Promise<void>((resolve, reject) => {
      queue.push({
        row: toAuditRow(entry),
        done: (error) => (error === undefined ? resolve() : reject(error)),
      })
      void start()
    })

  const record = (entry: AuditEntry) => {
    write(entry).catch((error: unknown) => onLost(error, { action: entry.action, outcome: entry.outcome }))
  }

  return {
    write,
    record,
    async begin(entry) {
      const requestId = createId('req')
      const details = { ...entry.details, request_id: requestId }
      await write({ ...entry, outcome: 'started', details })
      return {
        requestId,
        complete: (outcome, more) => record({ ...entry, outcome, details: { ...details, ...more } }),
      }
    },
    async flush() {
      while (inFlight || queue.length > 0) await start()
    },
  }
}

async function insertRows(db: Db, rows: readonly AuditRow[]): Promise<void> {
  const column = (pick: (row: AuditRow) => string | null) => rows.map(pick)
  await db.query(
    `insert into audit_log (app_id, user_id, session_id, action, outcome, details)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[])`,
    [
      column((row) => row.appId),
      column((row) => row.userId),
      column((row) => row.sessionId),
      column((row) => row.action),
      column((row) => row.outcome),
      column((row) => row.details),
    ],
  )
}

/** Details reduced to the request id that links an intent to its outcome, and a note. */
function stripDetails(details: string): string {
  let requestId: unknown
  try {
    const parsed: unknown = JSON.parse(details)
    if (typeof parsed === 'object' && parsed !== null && 'request_id' in parsed) requestId = parsed.request_id
  } catch {
    // Nothing to keep.
  }
  return JSON.stringify({
    details_unavailable: true,
    ...(typeof requestId === 'string' && { request_id: requestId }),
  })
}
