import type { AuditEntryRow } from '../../platform/audit/listAuditEntries'

type Actor = { kind: string; [key: string]: unknown }

/**
 * An audit entry as the admin API answers it. Who acted: the admin caller an admin write recorded
 * (`details.actor`), else the user whose session made the request, else nobody known (a refused
 * stranger, a provider's webhook).
 *
 * @example
 * const json = toAuditJson(entry) // { id: '42', at: '...', actor: { kind: 'user', user_id: 'usr_1' }, ... }
 */
export function toAuditJson(entry: AuditEntryRow) {
  const { actor, ...details } = entry.details
  const walletId = details.wallet_id
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    actor: isActor(actor)
      ? actor
      : entry.userId && entry.sessionId
        ? { kind: 'user', user_id: entry.userId }
        : null,
    user_id: entry.userId,
    wallet_id: typeof walletId === 'string' ? walletId : null,
    action: entry.action,
    outcome: entry.outcome,
    details,
  }
}

function isActor(value: unknown): value is Actor {
  return typeof value === 'object' && value !== null && 'kind' in value && typeof value.kind === 'string'
}
