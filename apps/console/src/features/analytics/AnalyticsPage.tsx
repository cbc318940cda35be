import { useId, useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { ReadView } from '../../shared/ui/ReadView'
import { dailySchema, sumFunding, toDay } from './analyticsSchema'
import { DailyCharts } from './DailyCharts'

const DAY_MS = 86_400_000

/**
 * The app's daily figures over a range (30 days by default, at most 366): sign-ups by method, active
 * users, wallets, signatures, transactions, and funding by provider and status.
 *
 * @example
 * <AnalyticsPage />
 */
export default function AnalyticsPage() {
  const { appId } = useConsole()
  const [from, setFrom] = useState(() => toDay(new Date(Date.now() - 29 * DAY_MS)))
  const [to, setTo] = useState(() => toDay(new Date()))
  const id = useId()
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS
  const problem =
    Number.isNaN(span) || span < 0
      ? 'The start must be before the end'
      : span > 365
        ? 'At most 366 days'
        : undefined
  const daily = useAdminRead({
    path: '/api/v1/analytics/daily',
    schema: dailySchema,
    appId,
    query: { from, to },
    enabled: !problem,
  })
  return (
    <section className="stack">
      <h1>Analytics</h1>
      <div className="card filters">
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            className="input"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            aria-describedby={`${id}-note`}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            className="input"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-describedby={`${id}-note`}
          />
        </div>
        <p id={`${id}-note`} className="field__error" aria-live="polite">
          {problem ?? ''}
        </p>
      </div>
      {problem ? null : (
        <ReadView read={daily} what="analytics">
          {({ days }) => (
            <>
              <DailyCharts days={days} />
              <section className="card stack-small" aria-labelledby={`${id}-funding`}>
                <h2 id={`${id}-funding`}>Funding</h2>
                {sumFunding(days).length === 0 ? (
                  <p className="muted">No funding in this range.</p>
                ) : (
                  <table className="table">
                    <thead>
                      <tr>
                        <th scope="col">Provider</th>
                        <th scope="col">Status</th>
                        <th scope="col">Count</th>
                      </tr>
                    </thead>
                    <tbody>
                      {sumFunding(days).map((row) => (
                        <tr key={`${row.provider}/${row.status}`}>
                          <td>{row.provider}</td>
                          <td>{row.status}</td>
                          <td>{row.count}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>
            </>
          )}
        </ReadView>
      )}
    </section>
  )
}
