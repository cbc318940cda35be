// The two systems bench/login compares, each started as its own process on its own database, and one
// login of each as its client makes it: Satchel (`satchel serve`, a development app) and better-auth
// (bench/login/better-auth). run.ts times them and counts their round trips.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { promisify } from 'node:util'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../../packages/server/src/identity/signedRequests/authorizationSignature'
import { benchApiEnv } from '../signing/benchApiEnv'
import { createHttpClient, type HttpClient } from './httpClient'
import { backendsCpuMs, processCpuMs } from './readCpuTime'

export const PG = { host: '127.0.0.1', port: Number(process.env.BENCH_PG_PORT ?? 5432) }
export const REDIS = { host: '127.0.0.1', port: 6379 }
const ORIGIN = 'http://localhost:5173'
const execFileAsync = promisify(execFile)
const bin = new URL('../../packages/server/bin/satchel.js', import.meta.url).pathname
const betterAuthDir = new URL('./better-auth/', import.meta.url).pathname

export const STEPS = ['code issued', 'signed in', 'refresh'] as const
export type Step = (typeof STEPS)[number]
export type Timings = Record<Step, number>
/** Called around each timed step; the counting pass snapshots its counters there. */
export type Hooks = { before(step: Step): Promise<void>; after(step: Step): Promise<void> }
export const noHooks: Hooks = { before: async () => {}, after: async () => {} }

export type System = {
  name: 'Satchel' | 'better-auth'
  login(i: number, hooks?: Hooks): Promise<Timings>
  /** The client's work for `logins` logins done ahead, outside the timed loop (Satchel's session keys). */
  prepare(logins: number): void
  /** The server process's CPU time so far (user + system, ms), read from /proc. */
  cpuMs(): number
  /** The CPU time so far of the PostgreSQL backends serving this system's database (ms). */
  databaseCpuMs(): number
  /** The client's unanswered requests (method, path, how long): what a stalled round waits for. */
  inFlight(): ReturnType<HttpClient['inFlight']>
  stop(): Promise<void>
}

export type Endpoints = { pgPort: number; redisPort: number }

export async function startSatchel(dbName: string, at: Endpoints): Promise<System> {
  const port = await freePort()
  const env = {
    ...benchApiEnv(
      `postgres://postgres@${PG.host}:${at.pgPort}/${dbName}`,
      `redis://${REDIS.host}:${at.redisPort}`,
    ),
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DEV_USER_LIMIT: '0', // no development user cap: the bench measures what a production app pays
    SATCHEL_DATA_DIR: `/tmp/${dbName}`,
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
    ...measuredProcess(server, dbName, client),
  }
}

export async function startBetterAuth(dbName: string, at: Endpoints, redisPrefix: string): Promise<System> {
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
    ...measuredProcess(server, dbName, client),
  }
}

/** What run.ts reads and stops of either system: its server process, its database and its client. */
function measuredProcess(
  server: ChildProcess,
  dbName: string,
  client: HttpClient,
): Pick<System, 'cpuMs' | 'databaseCpuMs' | 'inFlight' | 'stop'> {
  return {
    cpuMs: () => processCpuMs(server.pid),
    databaseCpuMs: () => backendsCpuMs(dbName),
    inFlight: () => client.inFlight(),
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

/** Satchel's authorization signature, as its SDK makes it: ECDSA P-256 over the request's payload. */
function signRequest(key: KeyObject, url: string, body: Record<string, unknown>, appId: string) {
  const expiry = String(Date.now() + 120_000)
  const bytes = serializeAuthorizationPayload(
    buildAuthorizationPayload({ method: 'POST', url, body, appId, expiry }),
  )
  return {
    'satchel-authorization-signature': sign('sha256', bytes, { key, dsaEncoding: 'ieee-p1363' }).toString(
      'base64',
    ),
    'satchel-request-expiry': expiry,
  }
}

export async function ensureBetterAuthInstalled() {
  if (existsSync(`${betterAuthDir}node_modules/better-auth`)) return
  console.log('Installing bench/login/better-auth (npm ci, once)…')
  await execFileAsync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: betterAuthDir })
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
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
