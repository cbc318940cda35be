// Passcode-flood benchmark: one user floods POST /api/v1/recovery/passcode (scrypt, 32 MiB each) while
// other users create wallets; measures their wallet creation latency, before and during the flood.
// Run: npx tsx bench/passcode-flood/run.ts [--flood 113] [--scale 1]
// --scale is RATE_LIMIT_SCALE: 1 is the shipped limits (one attacker, one address); a large value
// takes the rate limits out of the way (an attacker with many accounts and addresses), leaving only
// the per-process bound on concurrent derivations.
// Uses the local PostgreSQL when reachable (a fresh database, dropped afterwards), PGlite otherwise; the
// in-process store for counters, so no count left in a shared Redis by another run skews the limits.
import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { parseArgs, promisify } from 'node:util'
import { runAdminSql } from '../login/runAdminSql'

const { values } = parseArgs({
  options: { flood: { type: 'string', default: '113' }, scale: { type: 'string', default: '1' } },
})
const FLOOD = Number(values.flood)
const SCALE = values.scale ?? '1'
const CREATIONS = 10
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
    RATE_LIMIT_SCALE: SCALE,
    SATCHEL_DATA_DIR: `/tmp/${dbName}`,
    SATCHEL_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SATCHEL_VAULT_KEK: randomBytes(32).toString('hex'),
    ...(usePostgres ? { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}` } : {}),
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
    const call = (path: string, body: unknown, token?: string) =>
      fetch(base + path, {
        method: 'POST',
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    const signIn = async (email: string): Promise<string> => {
      const init = await (await call('/api/v1/passwordless/init', { email })).json()
      const outbox = await (await fetch(`${base}/api/v1/dev/outbox?to=${email}`, { headers })).json()
      const code = outbox.messages[0].text.match(/\d{6}/)[0]
      const auth = await call('/api/v1/passwordless/authenticate', { email, code, flow_id: init.flow_id })
      if (!auth.ok) throw new Error(`sign-in failed: ${auth.status} ${await auth.text()}`)
      return (await auth.json()).token
    }
    const createWallet = async (token: string) => {
      const started = performance.now()
      const r = await call('/api/v1/wallets', { chain_type: 'ethereum' }, token)
      if (!r.ok) throw new Error(`wallet creation failed: ${r.status} ${await r.text()}`)
      return performance.now() - started
    }

    const attacker = await signIn('flooder@example.com')
    await createWallet(attacker)
    const victims: string[] = []
    for (let i = 0; i < 2 * CREATIONS + 2; i++) victims.push(await signIn(`victim-${i}@example.com`))
    // Warm-up: the first creations pay for imports and key caches.
    await createWallet(victims.pop() ?? '')
    await createWallet(victims.pop() ?? '')

    const idle: number[] = []
    for (let i = 0; i < CREATIONS; i++) idle.push(await createWallet(victims.pop() ?? ''))

    const answers: Record<number, number> = {}
    const floodStarted = performance.now()
    const flood = Promise.all(
      Array.from({ length: FLOOD }, async (_, i) => {
        const r = await call(
          '/api/v1/recovery/passcode',
          { passcode: `violet-anchor-37-sunrise-${i}` },
          attacker,
        )
        await r.arrayBuffer()
        answers[r.status] = (answers[r.status] ?? 0) + 1
      }),
    ).then(() => performance.now() - floodStarted)
    const loaded: number[] = []
    for (let i = 0; i < CREATIONS; i++) loaded.push(await createWallet(victims.pop() ?? ''))
    const floodMs = await flood

    const q = (list: number[], p: number) =>
      [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) * p)] ?? 0
    const row = (list: number[]) => ({ p50_ms: +q(list, 0.5).toFixed(1), max_ms: +q(list, 1).toFixed(1) })
    const result = {
      date: new Date().toISOString().slice(0, 10),
      storage: usePostgres ? 'PostgreSQL + in-process store' : 'PGlite + in-process store',
      rate_limit_scale: Number(SCALE),
      flood: { requests: FLOOD, answers, took_ms: +floodMs.toFixed(0) },
      wallet_creation_idle: row(idle),
      wallet_creation_during_flood: row(loaded),
    }
    console.log(JSON.stringify(result, null, 2))
    await writeFile(
      new URL(`./results-scale-${SCALE}.json`, import.meta.url),
      `${JSON.stringify(result, null, 2)}\n`,
    )
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

function admin(sql: string) {
  return runAdminSql(ADMIN_URL, sql)
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
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not come up`)
}

await main()
