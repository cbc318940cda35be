import { sanitizeAuditDetails } from './sanitizeAuditDetails'
import { sanitizeAuditText } from './sanitizeAuditText'
import type { AuditEntry } from './writeAudit'

/** The columns of an entry as they are inserted: text PostgreSQL accepts, details as jsonb text. */
export type AuditRow = {
  appId: string | null
  userId: string | null
  sessionId: string | null
  action: string
  outcome: string
  details: string
}

/**
 * An entry as stored: every text column and the details sanitized (no NUL, no lone surrogate,
 * bounded), the details serialized once.
 *
 * @example
 * toAuditRow({ action: 'wallet.rpc', outcome: 'denied', details: { caip2: 'x\u0000' } }).details
 * // '{"caip2":"x\uFFFD"}'
 */
export function toAuditRow(entry: AuditEntry): AuditRow {
  const text = (value: string | null | undefined) => (value == null ? null : sanitizeAuditText(value))
  return {
    appId: text(entry.appId),
    userId: text(entry.userId),
    sessionId: text(entry.sessionId),
    action: sanitizeAuditText(entry.action),
    outcome: entry.outcome,
    details: JSON.stringify(sanitizeAuditDetails(entry.details ?? {})),
  }
}
