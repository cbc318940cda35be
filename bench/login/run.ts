// Login benchmark: Satchel against better-auth 1.x (email OTP plugin) on the same PostgreSQL and Redis,
// the same closed-loop load generator, rounds interleaved (S, B, S, B…). One login = a code issued, signed
// in as a new user, one refresh. Then a separate counting pass (not timed) puts a counting TCP proxy in
// front of PostgreSQL and Redis and counts round trips and commands per login step.
// Run: npx tsx bench/login/run.ts [--rounds 5] [--logins 1000] [--concurrency 16]
// Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379. Installs bench/login/better-auth on first run.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { parseArgs, promisify } from 'node:util'
import { Redis } from 'ioredis'
import { countingProxy, pgRoundTrips, redisCommands } from './countingProxy'
import { createHttpClient } from './httpClient'
import { backendsCpuMs, machineBusyMs, ownCpuMs, processCpuMs } from './readCpuTime'
import { runAdminSql } from './runAdminSql'

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
const PG = { host: '127.0.0.1', port: Number(process.env.BENCH_PG_PORT ?? 5432) }
const REDIS = { host: '127.0.0.1', port: 6379 }
const ADMIN_URL = `postgres://postgres@${PG.host}:${PG.port}/test`
const ORIGIN = 'http://localhost:5173'
const execFileAsync = promisify(execFile)
const bin = new URL('../../packages/server/bin/satchel.js', import.meta.url).pathname
const betterAuthDir = new URL('./better-auth/', import.meta.url).pathname

const STEPS = ['code issued', 'signed in', 'refresh'] as const
type Step = (typeof STEPS)[number]
type Timings = Record<Step, number>
/** Called around each timed step; the counting pass snapshots its counters there. */
type Hooks = { before(step: Step): Promise<void>; after(step: Step): Promise<void> }
const noHooks: Hooks = { before: async () => {}, after: async () => {} }

type System = {
  name: 'Satchel' | 'better-auth'
  login(i: number, hooks?: Hooks): Promise<Timings>
  /** The client's work for `logins` logins done ahead, outside the timed loop (Satchel's session keys). */
  prepare(logins: number): void
  /** The server process's CPU time so far (user + system, ms), read from /proc. */
  cpuMs(): number
  /** The CPU time so far of the PostgreSQL backends serving this system's database (ms). */
  databaseCpuMs(): number
  stop(): Promise<void>
}

type Endpoints = { pgPort: number; redisPort: number }

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
    'p50 login c=1 (ms)': +p50(rounds[name].serial).toFixed(2),
    ...Object.fromEntries(STEPS.map((step) => [`p50 ${step}`, +p50(rounds[name].serial, step).toFixed(2)])),
  })
  const table = [summary('Satchel'), summary('better-auth')]
  console.table(table)
  const ratio = {
    logins_per_second_median: +(median(s.perSecond) / median(b.perSecond)).toFixed(2),
    // Strings, not arrays: the file stays as biome formats it.
    per_round: ratios.map((r) => r.toFixed(2)).join(', '),
    p50_c1: +(p50(s.serial) / p50(b.serial)).toFixed(2),
  }
  console.log(
    `Satchel/better-auth: ${ratio.logins_per_second_median}× logins/s at c=${CONCURRENCY} (rounds ${ratio.per_round}), ${ratio.p50_c1}× p50 at c=1`,
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

/** `logins` logins by `concurrency` loops, each starting its next login when the last one ends. */
async function throughput(system: System, logins: number, concurrency: number, offset: number) {
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < logins) await system.login(offset + next++)
    }),
  )
  return logins / ((performance.now() - started) / 1000)
}

async function startSatchel(dbName: string, at: Endpoints): Promise<System> {
  const port = await freePort()
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000000',
    DEV_USER_LIMIT: '0', // no development user cap: the bench measures what a production app pays
    SATCHEL_DATA_DIR: `/tmp/${dbName}`,
    SATCHEL_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SATCHEL_VAULT_KEK: randomBytes(32).toString('hex'),
    DATABASE_URL: `postgres://postgres@${PG.host}:${at.pgPort}/${dbName}`,
    REDIS_URL: `redis://${REDIS.host}:${at.redisPort}`,
  }
  const created = await execFileAsync(
    'node',
    [bin, 'apps', 'create', '--name', 'Bench', '--origin', ORIGIN, '--json'],
    {
      env,
    },
  )
  const { app_id: appId } = JSON.parse(created.stdout)
  // BENCH_CPU_PROFILE=<folder>: the timed Satchel process writes a V8 CPU profile there when it stops.
  const profile =
    process.env.BENCH_CPU_PROFILE && at.pgPort === PG.port
      ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROFILE]
      : []
  const server = spawn('node', [...profile, bin, 'serve'], { env, stdio: ['ignore', 'inherit', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/healthz`, server)
  const headers = { 'satchel-app-id': appId, origin: ORIGIN }
  const client = createHttpClient(base)
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<T> => {
    const r = await client.request(method, path, { headers: { ...headers, ...extra }, body })
    if (r.status !== 200) throw new Error(`Satchel ${path}: ${r.status} ${r.text}`)
    return r.json<T>()
  }
  const post = <T>(path: string, body: unknown, extra?: Record<string, string>) =>
    call<T>('POST', path, body, extra)
  // A person's device makes its session key before it signs in: made ahead of a timed round.
  const sessionKeys: ReturnType<typeof newSessionKey>[] = []
  return {
    name: 'Satchel',
    prepare(logins) {
      while (sessionKeys.length < logins) sessionKeys.push(newSessionKey())
    },
    async login(i, hooks = noHooks) {
      const email = `bench-${i}-${randomBytes(3).toString('hex')}@example.com`
      const { key, publicJwk } = sessionKeys.pop() ?? newSessionKey()
      await hooks.before('code issued')
      let t = performance.now()
      const { flow_id } = await post<{ flow_id: string }>('/api/v1/passwordless/init', { email })
      const issued = performance.now() - t
      await hooks.after('code issued')
      // Reading the code stands in for the person reading the email: not part of the login's latency.
      const outbox = await call<{ messages: { text: string }[] }>('GET', `/api/v1/dev/outbox?to=${email}`)
      const code = outbox.messages[0]?.text.match(/\d{6}/)?.[0]
      await hooks.before('signed in')
      t = performance.now()
      const auth = await post<{ refresh_token: string }>('/api/v1/passwordless/authenticate', {
        email,
        code,
        flow_id,
        session_public_key: publicJwk,
      })
      const signedIn = performance.now() - t
      await hooks.after('signed in')
      // Signing the refresh is the client's work (as the SDK does it, naming the key it signs with),
      // before the clock starts.
      const body = { refresh_token: auth.refresh_token, session_public_key: publicJwk }
      const signed = signRequest(key.privateKey, `${base}/api/v1/sessions`, body, appId)
      await hooks.before('refresh')
      t = performance.now()
      await post('/api/v1/sessions', body, signed)
      const refresh = performance.now() - t
      await hooks.after('refresh')
      return { 'code issued': issued, 'signed in': signedIn, refresh }
    },
    cpuMs: () => processCpuMs(server.pid),
    databaseCpuMs: () => backendsCpuMs(dbName),
    stop: () => {
      client.close()
      return stopProcess(server)
    },
  }
}

async function startBetterAuth(dbName: string, at: Endpoints, redisPrefix: string): Promise<System> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [...process.execArgv, `${betterAuthDir}server.ts`], {
    cwd: betterAuthDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: `postgres://postgres@${PG.host}:${at.pgPort}/${dbName}`,
      REDIS_URL: `redis://${REDIS.host}:${at.redisPort}`,
      REDIS_PREFIX: redisPrefix,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await waitFor(`${base}/healthz`, server)
  const client = createHttpClient(base)
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const r = await client.request(method, path, { headers: { origin: base, ...headers }, body })
    if (r.status !== 200) throw new Error(`better-auth ${path}: ${r.status} ${r.text}`)
    return r
  }
  return {
    name: 'better-auth',
    prepare() {},
    async login(i, hooks = noHooks) {
      const email = `bench-${i}-${randomBytes(3).toString('hex')}@example.com`
      await hooks.before('code issued')
      let t = performance.now()
      await call('POST', '/api/auth/email-otp/send-verification-otp', { body: { email, type: 'sign-in' } })
      const issued = performance.now() - t
      await hooks.after('code issued')
      // The code as sendVerificationOTP received it in-process: not part of the login's latency.
      const { code } = (await call('GET', `/dev/otp?email=${encodeURIComponent(email)}`)).json<{
        code: string
      }>()
      await hooks.before('signed in')
      t = performance.now()
      const signIn = await call('POST', '/api/auth/sign-in/email-otp', { body: { email, otp: code } })
      signIn.json<unknown>()
      const signedIn = performance.now() - t
      await hooks.after('signed in')
      const cookie = (signIn.headers.get('set-cookie') ?? []).map((c) => c.split(';')[0]).join('; ')
      await hooks.before('refresh')
      t = performance.now()
      // get-session checks the session token against storage and extends the session when it is due:
      // the closest thing better-auth has to Satchel's refresh (it has no separate refresh token).
      const session = (await call('GET', '/api/auth/get-session', { headers: { cookie } })).json<{
        session?: unknown
      } | null>()
      const refresh = performance.now() - t
      await hooks.after('refresh')
      if (!session?.session) throw new Error('better-auth get-session answered no session')
      return { 'code issued': issued, 'signed in': signedIn, refresh }
    },
    cpuMs: () => processCpuMs(server.pid),
    databaseCpuMs: () => backendsCpuMs(dbName),
    stop: () => {
      client.close()
      return stopProcess(server)
    },
  }
}

/** A session key pair (P-256) and its public JWK, as Satchel's SDK makes one on the device. */
function newSessionKey() {
  const key = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const { kty, crv, x, y } = key.publicKey.export({ format: 'jwk' })
  return { key, publicJwk: { kty, crv, x, y } }
}

/** Satchel's authorization signature (as its SDK makes it): ECDSA P-256 over canonical JSON of the request. */
function signRequest(key: KeyObject, url: string, body: Record<string, unknown>, appId: string) {
  const expiry = String(Date.now() + 120_000)
  const payload = {
    version: 1,
    method: 'POST',
    url,
    body,
    headers: { 'satchel-app-id': appId, 'satchel-request-expiry': expiry },
  }
  const bytes = new TextEncoder().encode(canonicalJson(payload))
  return {
    'satchel-authorization-signature': sign('sha256', bytes, { key, dsaEncoding: 'ieee-p1363' }).toString(
      'base64',
    ),
    'satchel-request-expiry': expiry,
  }
}

/** RFC 8785 for what is signed here (objects, strings and integers): keys sorted, no whitespace. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
}

/** Lets work a response did not wait for (fire-and-forget writes) reach the proxies before counting. */
function settle() {
  return new Promise((r) => setTimeout(r, 25))
}

async function ensureBetterAuthInstalled() {
  if (existsSync(`${betterAuthDir}node_modules/better-auth`)) return
  console.log('Installing bench/login/better-auth (npm ci, once)…')
  await execFileAsync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: betterAuthDir })
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

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

function q(list: number[], p: number) {
  return [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) * p)] ?? 0
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address()
      s.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before answering ${url}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server did not start: ${url}`)
}

await main()
