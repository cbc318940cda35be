import { ApiError } from '@satchel/core'
import type { Db } from '../db/createDatabase'

export type AuditFilters = {
  userId?: string | undefined
  walletId?: string | undefined
  action?: string | undefined
  outcome?: string | undefined
  from?: Date | undefined
  to?: Date | undefined
}

export type AuditEntryRow = {
  id: string
  at: Date
  userId: string | null
  sessionId: string | null
  action: string
  outcome: string
  details: Record<string, unknown>
}

/**
 * One page of an app's audit log, newest first, before the cursor (keyset on the row id: the log is
 * append-only, so entries written while someone pages land before the first page, never inside a
 * later one). `action` ending in `.*` matches a prefix (`login.*`). Answers the page and the next
 * page's cursor (null at the end).
 *
 * @example
 * const { entries, next } = await listAuditEntries(db, appId, { limit: 50, filters: { userId } })
 */
export async function listAuditEntries(
  db: Db,
  appId: string,
  { before, limit, filters }: { before?: string | undefined; limit: number; filters: AuditFilters },
): Promise<{ entries: AuditEntryRow[]; next: string | null }> {
  const where = ['app_id = $1']
  const params: unknown[] = [appId]
  const add = (sql: string, value: unknown) => {
    params.push(value)
    where.push(sql.replace('?', `$${params.length}`))
  }
  if (before !== undefined) add('id < ?::bigint', decodeAuditCursor(before))
  if (filters.userId) add('user_id = ?', filters.userId)
  if (filters.walletId) add("details->>'wallet_id' = ?", filters.walletId)
  if (filters.action?.endsWith('.*'))
    add("action like ? || '%'", filters.action.slice(0, -1).replace(/[\\%_]/g, '\\$&'))
  else if (filters.action) add('action = ?', filters.action)
  if (filters.outcome) add('outcome = ?', filters.outcome)
  if (filters.from) add('created_at >= ?', filters.from)
  if (filters.to) add('created_at < ?', filters.to)
  params.push(limit + 1)
  const rows = await db.query<{
    id: string
    created_at: Date
    user_id: string | null
    session_id: string | null
    action: string
    outcome: string
    details: Record<string, unknown>
  }>(
    // By the column, not the text alias of the same name: as text, id 10 would sort between 1 and 2.
    `select id::text as id, created_at, user_id, session_id, action, outcome, details from audit_log
     where ${where.join(' and ')} order by audit_log.id desc limit $${params.length}`,
    params,
  )
  const entries = rows.slice(0, limit).map((row) => ({
    id: row.id,
    at: row.created_at,
    userId: row.user_id,
    sessionId: row.session_id,
    action: row.action,
    outcome: row.outcome,
    details: row.details,
  }))
  const last = entries.at(-1)
  return { entries, next: rows.length > limit && last ? Buffer.from(last.id).toString('base64url') : null }
}

function decodeAuditCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8')
  if (!/^\d{1,18}$/.test(id)) throw new ApiError('invalid_data', { message: 'Invalid request data: cursor' })
  return id
}
