// Login benchmark: email code init + authenticate + refresh against a real server process.
// Run: npx tsx bench/login/run.ts [--logins 2000] [--concurrency 16]
// Uses the local PostgreSQL and Redis when reachable (a fresh database, dropped afterwards), PGlite otherwise.
import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { parseArgs, promisify } from 'node:util'
import pg from 'pg'

const { values } = parseArgs({
  options: { logins: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '16' } },
})
const LOGINS = Number(values.logins)
const CONCURRENCY = Number(values.concurrency)
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test'
const ORIGIN = 'http://localhost:5173'
const bin = new URL('../../packages/server/bin/satchel.js', import.meta.url).pathname

async function main() {
  const dbName = `satchel_bench_${randomBytes(4).toString('hex')}`
  const usePostgres = await reachable()
  if (usePostgres) await admin(`create database ${dbName}`)
  const port = await freePort()
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000000',
    DEV_USER_LIMIT: '10000000',
    SATCHEL_DATA_DIR: `/tmp/${dbName}`,
    SATCHEL_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SATCHEL_VAULT_KEK: randomBytes(32).toString('hex'),
    ...(usePostgres
      ? { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}`, REDIS_URL: 'redis://127.0.0.1:6379' }
      : {}),
  }
  const created = await promisify(execFile)(
    'node',
    [bin, 'apps', 'create', '--name', 'Bench', '--origin', ORIGIN, '--json'],
    { env },
  )
  const { app_id: appId } = JSON.parse(created.stdout)
  const server = spawn('node', [bin, 'serve'], { env, stdio: ['ignore', 'inherit', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  try {
    await waitFor(`${base}/healthz`)
    const headers = { 'content-type': 'application/json', 'satchel-app-id': appId, origin: ORIGIN }
    const post = async (path: string, body: unknown) => {
      const r = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) })
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`)
      return r.json()
    }
    const step = {
      init: [] as number[],
      authenticate: [] as number[],
      refresh: [] as number[],
      login: [] as number[],
    }
    const login = async (i: number) => {
      const email = `bench-${i}-${randomBytes(3).toString('hex')}@example.com`
      let t = performance.now()
      const { flow_id } = await post('/api/v1/passwordless/init', { email })
      const init = performance.now() - t
      // Reading the code stands in for the person reading the email: not part of the login's latency.
      const outbox = await (await fetch(`${base}/api/v1/dev/outbox?to=${email}`, { headers })).json()
      const code = outbox.messages[0].text.match(/\d{6}/)[0]
      t = performance.now()
      const auth = await post('/api/v1/passwordless/authenticate', { email, code, flow_id })
      const authenticate = performance.now() - t
      t = performance.now()
      await post('/api/v1/sessions', { refresh_token: auth.refresh_token })
      const refresh = performance.now() - t
      step.init.push(init)
      step.authenticate.push(authenticate)
      step.refresh.push(refresh)
      step.login.push(init + authenticate + refresh)
    }
    for (let i = 0; i < 50; i++) await login(-i - 1) // warm-up
    for (const list of Object.values(step)) list.length = 0
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < LOGINS) await login(next++)
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const q = (list: number[], p: number) =>
      [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) * p)] ?? 0
    const rows = Object.entries(step).map(([name, list]) => ({
      step: name,
      p50_ms: +q(list, 0.5).toFixed(2),
      p99_ms: +q(list, 0.99).toFixed(2),
    }))
    const result = {
      date: new Date().toISOString().slice(0, 10),
      storage: usePostgres ? 'PostgreSQL + Redis' : 'PGlite + in-process',
      logins: LOGINS,
      concurrency: CONCURRENCY,
      logins_per_second: +(LOGINS / seconds).toFixed(0),
      steps: rows,
    }
    console.table(rows)
    console.log(
      `${result.logins_per_second} logins/s (${LOGINS} logins, concurrency ${CONCURRENCY}, ${result.storage})`,
    )
    await writeFile(new URL('./results.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`)
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    if (usePostgres) await admin(`drop database if exists ${dbName} with (force)`)
  }
}

async function reachable() {
  try {
    await admin('select 1')
    return true
  } catch {
    return false
  }
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
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

async function waitFor(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server did not start: ${url}`)
}

await main()
