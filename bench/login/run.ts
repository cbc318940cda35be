// Login benchmark: Satchel against better-auth 1.x (email OTP plugin) on the same PostgreSQL and Redis,
// the same closed-loop load generator, rounds interleaved (S, B, S, B…). One login = a code issued, signed
// in as a new user, one refresh. Then a separate counting pass (not timed) puts a counting TCP proxy in
// front of PostgreSQL and Redis and counts round trips and commands per login step.
// Run: npx tsx bench/login/run.ts [--rounds 5] [--logins 1000] [--concurrency 16]
// Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379. Installs bench/login/better-auth on first run.
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { Redis } from 'ioredis'
import { countingProxy, pgRoundTrips, redisCommands } from './countingProxy'
import { machineBusyMs, ownCpuMs } from './readCpuTime'
import { runAdminSql } from './runAdminSql'
import {
  type Endpoints,
  ensureBetterAuthInstalled,
  type Hooks,
  PG,
  REDIS,
  STEPS,
  type Step,
  type System,
  startBetterAuth,
  startSatchel,
  type Timings,
} from './systems'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    logins: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '16' },
    'count-logins': { type: 'string', default: '20' },
  },
})
const ROUNDS = Number(values.rounds)
const LOGINS = Number(values.logins)
const CONCURRENCY = Number(values.concurrency)
/** Logins one after another (concurrency 1) per round and system, for the p50. */
const SERIAL_LOGINS = Math.max(50, Math.round(LOGINS / 5))
const COUNT_LOGINS = Number(values['count-logins'])
/** Logins at the timed concurrency before the first round, not counted: JIT, pools and prepared statements warm. */
const WARM_UP = 600
const IDLE_MS = 3000
const ADMIN_URL = `postgres://postgres@${PG.host}:${PG.port}/test`

async function main() {
  await ensureBetterAuthInstalled()
  const run = randomBytes(4).toString('hex')
  const direct: Endpoints = { pgPort: PG.port, redisPort: REDIS.port }
  const databases: string[] = []
  const database = async (name: string) => {
    await admin(`create database ${name}`)
    databases.push(name)
    return name
  }
  const systems: System[] = []
  try {
    const satchel = await startSatchel(await database(`satchel_bench_${run}`), direct)
    systems.push(satchel)
    const betterAuth = await startBetterAuth(
      await database(`better_auth_bench_${run}`),
      direct,
      `bench-ba-${run}:`,
    )
    systems.push(betterAuth)
    for (const system of systems) {
      system.prepare(WARM_UP)
      await throughput(system, WARM_UP, CONCURRENCY, -10_000_000)
    }

    const rounds: Record<System['name'], Rounds> = {
      Satchel: newRounds(),
      'better-auth': newRounds(),
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const system of systems) {
        system.prepare(LOGINS)
        const before = CPU_PARTS.map(([, read]) => read(system))
        const perSecond = await throughput(system, LOGINS, CONCURRENCY, round * 1_000_000)
        const perLogin = CPU_PARTS.map(([, read], index) => (read(system) - (before[index] ?? 0)) / LOGINS)
        const serial: Timings[] = []
        for (let i = 0; i < SERIAL_LOGINS; i++)
          serial.push(await system.login(round * 1_000_000 + LOGINS + i))
        const figures = rounds[system.name]
        figures.perSecond.push(perSecond)
        CPU_PARTS.forEach(([part], index) => {
          figures.cpuPerLogin[part].push(perLogin[index] ?? Number.NaN)
        })
        figures.serial.push(...serial)
        const cpu = CPU_PARTS.map(
          ([part], index) => `${part} CPU ${(perLogin[index] ?? 0).toFixed(2)} ms/login`,
        )
        console.log(
          `round ${round} ${system.name}: ${perSecond.toFixed(0)} logins/s at c=${CONCURRENCY}, ${cpu.join(', ')}`,
        )
      }
    }
    for (const system of systems.splice(0)) await system.stop()

    // The counting pass: fresh processes whose PostgreSQL and Redis connections go through counting proxies.
    const pgProxy = await countingProxy(PG.port, pgRoundTrips)
    const redisProxy = await countingProxy(REDIS.port, redisCommands)
    const counted: Endpoints = { pgPort: pgProxy.port, redisPort: redisProxy.port }
    const counts: Record<string, Record<Step, { pg: number; redis: number; redisNames: string[] }>> = {}
    const idle: Record<string, { pg: number; redis: number }> = {}
    try {
      // One counted process at a time, so the other's background work is not counted against it.
      const starters = [
        () => startSatchel(`satchel_count_${run}`, counted),
        () => startBetterAuth(`better_auth_count_${run}`, counted, `bench-ba-count-${run}:`),
      ]
      for (const [index, start] of starters.entries()) {
        await database(index === 0 ? `satchel_count_${run}` : `better_auth_count_${run}`)
        const system = await start()
        systems.push(system)
        for (let i = 0; i < 5; i++) await system.login(-i - 1)
        const sums = Object.fromEntries(
          STEPS.map((s) => [s, { pg: 0, redis: 0, redisNames: new Map<string, number>() }]),
        ) as Record<Step, { pg: number; redis: number; redisNames: Map<string, number> }>
        let pgAt = 0
        let redisAt = 0
        let redisNamesAt = 0
        const hooks: Hooks = {
          async before() {
            await settle()
            pgAt = pgProxy.total()
            redisAt = redisProxy.total()
            redisNamesAt = redisProxy.names.length
          },
          async after(step) {
            await settle()
            sums[step].pg += pgProxy.total() - pgAt
            sums[step].redis += redisProxy.total() - redisAt
            for (const name of redisProxy.names.slice(redisNamesAt))
              sums[step].redisNames.set(name, (sums[step].redisNames.get(name) ?? 0) + 1)
          },
        }
        for (let i = 0; i < COUNT_LOGINS; i++) await system.login(i, hooks)
        // What the process does on its own (pollers, heartbeats) with no login under way, for reference.
        const pgIdle = pgProxy.total()
        const redisIdle = redisProxy.total()
        await new Promise((r) => setTimeout(r, IDLE_MS))
        idle[system.name] = { pg: pgProxy.total() - pgIdle, redis: redisProxy.total() - redisIdle }
        counts[system.name] = Object.fromEntries(
          STEPS.map((s) => [
            s,
            {
              pg: sums[s].pg / COUNT_LOGINS,
              redis: sums[s].redis / COUNT_LOGINS,
              redisNames: [...sums[s].redisNames].map(([n, c]) => `${n}×${+(c / COUNT_LOGINS).toFixed(2)}`),
            },
          ]),
        ) as Record<Step, { pg: number; redis: number; redisNames: string[] }>
        await systems.pop()?.stop()
      }
    } finally {
      for (const system of systems.splice(0)) await system.stop()
      await pgProxy.close()
      await redisProxy.close()
    }

    report(rounds, counts, idle)
  } finally {
    for (const system of systems) await system.stop().catch(() => {})
    for (const name of databases) await admin(`drop database if exists ${name} with (force)`).catch(() => {})
    await dropRedisKeys(`bench-ba-*${run}:*`)
  }
}

/** Where a login's CPU time is read, each over a timed round (ms so far; `readCpuTime.ts`). */
const CPU_PARTS = [
  ['server', (system: System) => system.cpuMs()],
  ['PostgreSQL', (system: System) => system.databaseCpuMs()],
  ['load generator', () => ownCpuMs()],
  ['machine', () => machineBusyMs()],
] as const
type CpuPart = (typeof CPU_PARTS)[number][0]

/** One system's figures over the timed rounds: per round, then every concurrency-1 login. */
type Rounds = { perSecond: number[]; cpuPerLogin: Record<CpuPart, number[]>; serial: Timings[] }

function newRounds(): Rounds {
  const cpuPerLogin = Object.fromEntries(
    CPU_PARTS.map(([part]) => [part, []]),
  ) as unknown as Rounds['cpuPerLogin']
  return { perSecond: [], cpuPerLogin, serial: [] }
}

function report(
  rounds: Record<System['name'], Rounds>,
  counts: Record<string, Record<Step, { pg: number; redis: number; redisNames: string[] }>>,
  idle: Record<string, { pg: number; redis: number }>,
) {
  const median = (list: number[]) => q(list, 0.5)
  const p50 = (list: Timings[], step?: Step) =>
    median(list.map((t) => (step ? t[step] : t['code issued'] + t['signed in'] + t.refresh)))
  const s = rounds.Satchel
  const b = rounds['better-auth']
  const ratios = s.perSecond.map((v, i) => v / (b.perSecond[i] ?? Number.NaN))
  const summary = (name: System['name']) => ({
    system: name,
    [`logins/s c=${CONCURRENCY} (median)`]: +median(rounds[name].perSecond).toFixed(0),
    'logins/s per round': rounds[name].perSecond.map((v) => +v.toFixed(0)).join(' '),
    ...Object.fromEntries(
      CPU_PARTS.map(([part]) => [
        `${part} CPU ms/login (median)`,
        +median(rounds[name].cpuPerLogin[part]).toFixed(2),
      ]),
    ),
    // What the machine's CPU per login allows with every core busy: no server reaches past it here.
    'ceiling logins/s (all cores busy)': +(
      (availableParallelism() * 1000) /
      median(rounds[name].cpuPerLogin.machine)
    ).toFixed(0),
    'p50 login c=1 (ms)': +p50(rounds[name].serial).toFixed(2),
    ...Object.fromEntries(STEPS.map((step) => [`p50 ${step}`, +p50(rounds[name].serial, step).toFixed(2)])),
  })
  const table = [summary('Satchel'), summary('better-auth')]
  console.table(table)
  const ratio = {
    logins_per_second_median: +(median(s.perSecond) / median(b.perSecond)).toFixed(2),
    // Strings, not arrays: the file stays as biome formats it.
    per_round: ratios.map((r) => r.toFixed(2)).join(', '),
    // Each round's pair runs back to back, so its ratio holds even when the machine's speed drifts
    // between rounds (a shared VM's did by a third from one round to the next).
    per_round_median: +median(ratios).toFixed(2),
    p50_c1: +(p50(s.serial) / p50(b.serial)).toFixed(2),
  }
  console.log(
    `Satchel/better-auth: ${ratio.logins_per_second_median}× logins/s at c=${CONCURRENCY} (medians); by round ${ratio.per_round}, median ${ratio.per_round_median}×; ${ratio.p50_c1}× p50 at c=1`,
  )
  const countRows = ['Satchel', 'better-auth'].flatMap((name) =>
    STEPS.map((step) => {
      const c = counts[name]?.[step]
      return {
        system: name,
        step,
        'PG round trips': +(c?.pg ?? 0).toFixed(2),
        'Redis commands': +(c?.redis ?? 0).toFixed(2),
        'Redis commands by name': c?.redisNames.join(' ') ?? '',
      }
    }),
  )
  const totals = ['Satchel', 'better-auth'].map((name) => ({
    system: name,
    'PG round trips per login': +STEPS.reduce((sum, st) => sum + (counts[name]?.[st].pg ?? 0), 0).toFixed(2),
    'Redis commands per login': +STEPS.reduce((sum, st) => sum + (counts[name]?.[st].redis ?? 0), 0).toFixed(
      2,
    ),
  }))
  console.table(countRows)
  console.table(totals)
  for (const [name, c] of Object.entries(idle))
    console.log(
      `${name} on its own, no login under way, ${IDLE_MS / 1000} s: ${c.pg} PG round trips, ${c.redis} Redis commands`,
    )
  const [load1, load5] = loadavg()
  const result = {
    date: new Date().toISOString(),
    command: `npx tsx bench/login/run.ts --rounds ${ROUNDS} --logins ${LOGINS} --concurrency ${CONCURRENCY}`,
    load_average_at_end: `${(load1 ?? 0).toFixed(2)} (1 min), ${(load5 ?? 0).toFixed(2)} (5 min)`,
    serial_logins_per_round: SERIAL_LOGINS,
    counted_logins: COUNT_LOGINS,
    summary: table,
    ratio_satchel_over_better_auth: ratio,
    counts_per_step: countRows,
    counts_per_login: totals,
    idle_counts: { seconds: IDLE_MS / 1000, ...idle },
  }
  console.log(`load average: ${result.load_average_at_end}`)
  return writeFile(new URL('./results.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`)
}

/** No login finishing for this long means a request that will never be answered: the round fails. */
const STALL_MS = 60_000

/**
 * `logins` logins by `concurrency` loops, each starting its next login when the last one ends. A round
 * where no login finishes for {@link STALL_MS} fails, naming the requests still waiting, instead of
 * hanging the bench.
 */
async function throughput(system: System, logins: number, concurrency: number, offset: number) {
  let next = 0
  let lastDone = performance.now()
  const started = lastDone
  let watchdog: NodeJS.Timeout | undefined
  const stalled = new Promise<never>((_, reject) => {
    watchdog = setInterval(() => {
      if (performance.now() - lastDone < STALL_MS) return
      const waiting = system.inFlight().map(({ method, path, ms }) => `${method} ${path} (${ms} ms)`)
      reject(
        new Error(
          `${system.name}: no login finished in ${STALL_MS / 1000} s; waiting for ${waiting.join(', ') || 'no request'}`,
        ),
      )
    }, 5000)
  })
  try {
    await Promise.race([
      stalled,
      Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < logins) {
            await system.login(offset + next++)
            lastDone = performance.now()
          }
        }),
      ),
    ])
  } finally {
    clearInterval(watchdog)
  }
  return logins / ((performance.now() - started) / 1000)
}

/** Lets work a response did not wait for (fire-and-forget writes) reach the proxies before counting. */
function settle() {
  return new Promise((r) => setTimeout(r, 25))
}

function admin(sql: string) {
  return runAdminSql(ADMIN_URL, sql)
}

async function dropRedisKeys(pattern: string) {
  const redis = new Redis({ ...REDIS, lazyConnect: true })
  try {
    await redis.connect()
    let cursor = '0'
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000)
      if (keys.length) await redis.del(...keys)
      cursor = nextCursor
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

function q(list: number[], p: number) {
  return [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) * p)] ?? 0
}

await main()
