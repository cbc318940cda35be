import {
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js'
import { Bar, Line } from 'react-chartjs-2'
import type { Day } from './analyticsSchema'

// Only what these charts draw: Chart.js is tree-shaken to its registered parts.
Chart.register(BarElement, CategoryScale, LinearScale, LineElement, PointElement, Legend, Tooltip)

const COLORS = [
  '#4f46e5',
  '#0891b2',
  '#16a34a',
  '#d97706',
  '#dc2626',
  '#7c3aed',
  '#db2777',
  '#475569',
  '#65a30d',
  '#0d9488',
]
const options = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false as const,
  scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
}

/**
 * The daily figures as charts: sign-ups by method (stacked bars), and active users, wallets,
 * signatures and transactions (lines). Each chart has a text summary for screen readers.
 *
 * @example
 * <DailyCharts days={data.days} />
 */
export function DailyCharts({ days }: { days: Day[] }) {
  const labels = days.map((day) => day.date)
  const methods = [...new Set(days.flatMap((day) => Object.keys(day.signUps)))]
  const total = (pick: (day: Day) => number) => days.reduce((sum, day) => sum + pick(day), 0)
  const signUps = total((day) => Object.values(day.signUps).reduce((a, b) => a + b, 0))
  const lines = [
    { label: 'Active users', pick: (day: Day) => day.activeUsers },
    { label: 'Wallets created', pick: (day: Day) => day.walletsCreated },
    { label: 'Signatures', pick: (day: Day) => day.signatures },
    { label: 'Transactions', pick: (day: Day) => day.transactions },
  ]
  return (
    <div className="charts">
      <figure className="card chart">
        <figcaption>Sign-ups by method ({signUps} in all)</figcaption>
        <div className="chart__canvas">
          <Bar
            aria-label={`Sign-ups by method per day: ${signUps} in all`}
            role="img"
            options={{
              ...options,
              scales: { x: { stacked: true }, y: { ...options.scales.y, stacked: true } },
            }}
            data={{
              labels,
              datasets: methods.map((method, index) => ({
                label: method,
                data: days.map((day) => day.signUps[method] ?? 0),
                backgroundColor: COLORS[index % COLORS.length],
              })),
            }}
          />
        </div>
      </figure>
      <figure className="card chart">
        <figcaption>Activity per day</figcaption>
        <div className="chart__canvas">
          <Line
            aria-label={lines.map((line) => `${line.label}: ${total(line.pick)}`).join(', ')}
            role="img"
            options={options}
            data={{
              labels,
              datasets: lines.map((line, index) => ({
                label: line.label,
                data: days.map(line.pick),
                borderColor: COLORS[index],
                backgroundColor: COLORS[index],
              })),
            }}
          />
        </div>
      </figure>
    </div>
  )
}
