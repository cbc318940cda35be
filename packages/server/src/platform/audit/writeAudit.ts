import type { Db } from '../db/createDatabase'
import { toAuditRow } from './toAuditRow'

export type AuditEntry = {
  appId?: string | null
  userId?: string | null
  sessionId?: string | null
  action: string
  /**
   * How it ended; `started` is an intent written before an effect leaves (a broadcast), completed by
   * a second entry with the same `details.request_id` (see `createAuditBatcher`'s `begin`).
   */
  outcome: 'started' | 'success' | 'failure' | 'denied' | 'revoked'
  /** Facts about the request (method, chain, hash of the result): never a key, code, token or full message. */
  details?: Record<string, unknown>
}

/**
 * Appends one entry to the audit log (the table refuses updates and deletes). Its text is made
 * storable first ({@link toAuditRow}), so what a caller sent can never make the insert fail.
 *
 * @example
 * await writeAudit(ctx.db, { appId, userId, action: 'wallet.export', outcome: 'success' })
 */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  const row = toAuditRow(entry)
  await db.query(
    'insert into audit_log (app_id, user_id, session_id, action, outcome, details) values ($1, $2, $3, $4, $5, $6)',
    [row.appId, row.userId, row.sessionId, row.action, row.outcome, row.details],
  )
}
