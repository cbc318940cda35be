import { type FormEvent, useId, useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { Pager } from '../../shared/ui/Pager'
import { ReadView } from '../../shared/ui/ReadView'
import { AuditTable } from './AuditTable'
import { auditListSchema } from './auditSchemas'

type Filters = {
  action: string
  outcome: string
  user_id: string
  wallet_id: string
  from: string
  to: string
}
const EMPTY: Filters = { action: '', outcome: '', user_id: '', wallet_id: '', from: '', to: '' }
const LABELS: Record<keyof Filters, string> = {
  action: 'Action (e.g. user.deleted)',
  outcome: 'Outcome',
  user_id: 'User id',
  wallet_id: 'Wallet id',
  from: 'From',
  to: 'To',
}

/**
 * The app's audit log, newest first, filtered by action, outcome, user, wallet and dates, 50 a page.
 *
 * @example
 * <AuditPage />
 */
export default function AuditPage() {
  const { appId } = useConsole()
  const [draft, setDraft] = useState<Filters>(EMPTY)
  const [filters, setFilters] = useState<Filters>(EMPTY)
  const [cursors, setCursors] = useState<string[]>([])
  const id = useId()
  const query = {
    ...filters,
    from: filters.from ? new Date(filters.from).toISOString() : '',
    to: filters.to ? new Date(`${filters.to}T23:59:59`).toISOString() : '',
    cursor: cursors.at(-1),
  }
  const audit = useAdminRead({ path: '/api/v1/audit', schema: auditListSchema, appId, query })
  const apply = (event: FormEvent) => {
    event.preventDefault()
    setCursors([])
    setFilters(draft)
  }
  return (
    <section className="stack">
      <h1>Audit log</h1>
      <form className="card filters" onSubmit={apply}>
        {(Object.keys(LABELS) as Array<keyof Filters>).map((key) => (
          <div key={key} className="field">
            <label htmlFor={`${id}-${key}`}>{LABELS[key]}</label>
            {key === 'outcome' ? (
              <select
                id={`${id}-${key}`}
                className="input"
                value={draft.outcome}
                onChange={(e) => setDraft({ ...draft, outcome: e.target.value })}
              >
                <option value="">Any</option>
                {['success', 'failure', 'denied', 'revoked', 'started'].map((outcome) => (
                  <option key={outcome} value={outcome}>
                    {outcome}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${id}-${key}`}
                className="input"
                type={key === 'from' || key === 'to' ? 'date' : 'text'}
                value={draft[key]}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
              />
            )}
          </div>
        ))}
        <div className="actions">
          <button type="submit" className="button">
            Apply filters
          </button>
        </div>
      </form>
      <ReadView read={audit} what="audit log">
        {({ data, nextCursor }) => (
          <>
            <AuditTable entries={data} />
            <Pager cursors={cursors} nextCursor={nextCursor} onChange={setCursors} />
          </>
        )}
      </ReadView>
    </section>
  )
}
