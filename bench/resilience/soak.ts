// The soak: the production profile under the fault suite's steady load (startSystem.ts, load.ts) with
// no fault, for 10 minutes. Every 30 s it records the resident memory of each API instance and the
// vault, and the p50/p99 latency and rate of the requests that ended in that window; then it prints
// the table and a trend check: the least-squares slope of each series over the run, and whether it
// grew by more than 10 % of its mean over the run.
//
//   npx tsx bench/resilience/soak.ts [--seconds 600] [--every 30]
import { readFile, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { state } from './load'
import { sleep } from './sleep'
import { startSystem } from './startSystem'

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '600' }, every: { type: 'string', default: '30' } },
})
const SECONDS = Number(values.seconds)
const EVERY = Number(values.every)
const WATCHED = ['api1', 'api2', 'vault'] as const

type Sample = {
  t: number
  rss: Record<string, number>
  p50: number
  p99: number
  perSecond: number
  failed: number
}

async function main(): Promise<void> {
  const system = await startSystem()
  const samples: Sample[] = []
  const failures: Record<string, number> = {}
  try {
    state.phase = { fault: 'soak', startedAt: Date.now(), faultAt: Date.now(), strikes: [], attempts: [] }
    const load = system.startLoad()
    const startedAt = Date.now()
    let windowStart = startedAt
    while (Date.now() - startedAt < SECONDS * 1000) {
      await sleep(EVERY * 1000)
      const now = Date.now()
      const window = state.phase.attempts.filter((a) => a.at >= windowStart && a.at < now)
      const latencies = window.filter((a) => a.outcome === 'ack').map((a) => a.ms)
      for (const a of window) {
        const why = `${a.path.replace(/wallet_[^/]+/, ':id')} ${a.why}`
        if (a.outcome !== 'ack') failures[why] = (failures[why] ?? 0) + 1
      }
      const rss: Record<string, number> = {}
      for (const name of WATCHED)
        rss[name] = await residentMegabytes(system.profile.processes.get(name)?.child?.pid)
      const sample = {
        t: Math.round((now - startedAt) / 1000),
        rss,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        perSecond: +(latencies.length / ((now - windowStart) / 1000)).toFixed(1),
        failed: window.length - latencies.length,
      }
      samples.push(sample)
      console.log(JSON.stringify(sample))
      // Attempts are kept only for the current window: ten minutes of them would grow this process.
      state.phase.attempts = state.phase.attempts.filter((a) => a.at >= now)
      windowStart = now
    }
    state.stopping = true
    await load
  } finally {
    await system.stop()
  }
  print(samples)
  console.log(`\nWhy requests failed: ${JSON.stringify(failures)}`)
  await writeFile(
    new URL('./soak-results.json', import.meta.url),
    `${JSON.stringify({ date: new Date().toISOString(), seconds: SECONDS, samples }, null, 2)}\n`,
  )
}

/** VmRSS of a process in MB (0 when it is not running). */
async function residentMegabytes(pid: number | undefined): Promise<number> {
  if (pid === undefined) return 0
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return +(kb / 1024).toFixed(1)
}

function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

/** Least-squares slope of `ys` against `ts` (seconds), per minute. */
function slopePerMinute(ts: number[], ys: number[]): number {
  const n = ts.length
  const meanT = ts.reduce((s, t) => s + t, 0) / n
  const meanY = ys.reduce((s, y) => s + y, 0) / n
  let num = 0
  let den = 0
  for (let i = 0; i < n; i++) {
    num += ((ts[i] ?? 0) - meanT) * ((ys[i] ?? 0) - meanY)
    den += ((ts[i] ?? 0) - meanT) ** 2
  }
  return den === 0 ? 0 : (num / den) * 60
}

function print(samples: Sample[]): void {
  console.log(
    `| t (s) | ${WATCHED.map((n) => `${n} RSS (MB)`).join(' | ')} | p50 (ms) | p99 (ms) | acknowledged/s | failed |`,
  )
  console.log(`| ---: | ${WATCHED.map(() => '---:').join(' | ')} | ---: | ---: | ---: | ---: |`)
  for (const s of samples)
    console.log(
      `| ${s.t} | ${WATCHED.map((n) => s.rss[n]).join(' | ')} | ${s.p50} | ${s.p99} | ${s.perSecond} | ${s.failed} |`,
    )
  if (samples.length < 3) return
  const ts = samples.map((s) => s.t)
  const minutes = ((ts.at(-1) ?? 0) - (ts[0] ?? 0)) / 60
  const series: Array<[string, number[], string]> = [
    ...WATCHED.map((n): [string, number[], string] => [`${n} RSS`, samples.map((s) => s.rss[n] ?? 0), 'MB']),
    ['p50', samples.map((s) => s.p50), 'ms'],
    ['p99', samples.map((s) => s.p99), 'ms'],
  ]
  console.log('\n| series | mean | slope per minute | change over the run | trend |')
  console.log('| --- | ---: | ---: | ---: | --- |')
  for (const [name, ys, unit] of series) {
    const mean = ys.reduce((s, y) => s + y, 0) / ys.length
    const slope = slopePerMinute(ts, ys)
    const change = slope * minutes
    const trend = mean > 0 && change > 0.1 * mean ? 'GROWS (> 10 % of its mean)' : 'flat'
    console.log(
      `| ${name} | ${mean.toFixed(1)} ${unit} | ${slope.toFixed(2)} ${unit} | ${change.toFixed(1)} ${unit} | ${trend} |`,
    )
  }
}

await main()
