import type { AuditEntry } from '../audit/writeAudit'
import type { Db } from '../db/createDatabase'

export type AuditBatcher = {
  /** Resolves once the entry is committed (the request is answered only after its audit entry). */
  write(entry: AuditEntry): Promise<void>
  /** Waits for every entry given so far. */
  flush(): Promise<void>
}

export type CreateAuditBatcherParameters = {
  /** Most entries per insert. Default 200. */
  maxBatch?: number
}

/**
 * Writes audit entries with group commit: while one insert is in flight, the entries that arrive
 * meanwhile wait and go together in the next single multi-row insert. A lone request pays exactly
 * one insert as before; 32 concurrent signatures pay one commit (one WAL flush) instead of 32. Every
 * caller still waits for its own entry to be committed, so no signature leaves unaudited.
 *
 * @example
 * const audit = createAuditBatcher(ctx.db)
 * await audit.write({ appId, userId, action: 'wallet.rpc', outcome: 'success', details })
 */
export function createAuditBatcher(
  db: Db,
  { maxBatch = 200 }: CreateAuditBatcherParameters = {},
): AuditBatcher {
  let queue: Array<{ entry: AuditEntry; done: (error?: unknown) => void }> = []
  let inFlight: Promise<void> | undefined

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch)
      queue = queue.slice(batch.length)
      try {
        const column = (pick: (entry: AuditEntry) => string | null) => batch.map(({ entry }) => pick(entry))
        await db.query(
          `insert into audit_log (app_id, user_id, session_id, action, outcome, details)
           select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[])`,
          [
            column((entry) => entry.appId ?? null),
            column((entry) => entry.userId ?? null),
            column((entry) => entry.sessionId ?? null),
            column((entry) => entry.action),
            column((entry) => entry.outcome),
            column((entry) => JSON.stringify(entry.details ?? {})),
          ],
        )
        for (const { done } of batch) done()
      } catch (error) {
        for (const { done } of batch) done(error)
      }
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

  return {
    write(entry) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ entry, done: (error) => (error === undefined ? resolve() : reject(error)) })
        void start()
      })
    },
    async flush() {
      while (inFlight || queue.length > 0) await start()
    },
  }
}
