import type { Db } from '../db/createDatabase'

export type AuditEntry = {
  appId?: string | null
  userId?: string | null
  sessionId?: string | null
  action: string
  outcome: 'success' | 'failure' | 'denied' | 'revoked'
  /** Facts about the request (method, chain, hash of the result): never a key, code, token or full message. */
  details?: Record<string, unknown>
}

/** Appends one entry to the audit log (the table refuses updates and deletes). */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.query(
    'insert into audit_log (app_id, user_id, session_id, action, outcome, details) values ($1, $2, $3, $4, $5, $6)',
    [
      entry.appId ?? null,
      entry.userId ?? null,
      entry.sessionId ?? null,
      entry.action,
      entry.outcome,
      JSON.stringify(entry.details ?? {}),
    ],
  )
}
