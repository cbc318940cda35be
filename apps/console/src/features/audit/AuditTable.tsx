import { formatTime } from '../users/userSchemas'
import { type AuditEntry, describeActor } from './auditSchemas'

/**
 * Audit entries as a table: when, what, who, about whom, how it ended.
 *
 * @example
 * <AuditTable entries={data} />
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="muted">Nothing recorded.</p>
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Audit entries</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">Outcome</th>
            <th scope="col">By</th>
            <th scope="col">User / wallet</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatTime(entry.at)}</td>
              <td className="mono">{entry.action}</td>
              <td>
                <span
                  className={`badge badge--${entry.outcome === 'success' ? 'ok' : entry.outcome === 'denied' || entry.outcome === 'failure' ? 'danger' : 'neutral'}`}
                >
                  {entry.outcome}
                </span>
              </td>
              <td>{describeActor(entry.actor)}</td>
              <td className="mono break">
                {[entry.userId, entry.walletId].filter(Boolean).join(' / ') || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
