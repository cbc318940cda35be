// The full HTTP signing path on this machine: real listening API servers (their own processes) on
// PostgreSQL and Redis, answering signed wallet RPC requests (access token, P-256 authorization
// signature, policy, vault, signature, audit), measured beside the raw signing rate of the same run.
// Run from the repository root: npx tsx bench/signing/http.ts
// Needs the local PostgreSQL (SATCHEL_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test);
// Redis (SATCHEL_TEST_REDIS_URL) is used when reachable. BENCH_CPU_PROFILE=<dir> writes V8 CPU
// profiles of the servers there; --signing-only runs just the one-process signing rounds (for profiling).
import { type ChildProcess, spawn } from 'node:child_process'
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { createAppsRepository } from '../../packages/server/src/apps/appsRepository'
import { buildApp } from '../../packages/server/src/buildApp'
import { loadConfig } from '../../packages/server/src/config/loadConfig'
import type { Db } from '../../packages/server/src/db/createDatabase'
import { createTestDatabase, isPostgresReachable } from '../../packages/server/src/db/testDatabase'
import { testRedisUrl } from '../../packages/server/src/kv/testKv'
import { createLocalVault } from '../../packages/server/src/vault/createLocalVault'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../../packages/server/src/wallets/authorizationSignature'

const WARM_UP_MS = 1500
const ROUND_MS = 4000
const METHODS = ['personal_sign', 'eth_signTransaction'] as const
type Method = (typeof METHODS)[number]

/** One API process: where to reach it, and how much CPU it has used so far (µs). */
type Instance = { child: ChildProcess; api: Api; port: number; host: string; cpu: () => Promise<number> }
type Api = ReturnType<typeof createClient>
type Setup = Awaited<ReturnType<typeof prepare>>
type Result = Awaited<ReturnType<typeof load>>

/** The API server process: the environment is the configuration, as in production. */
async function serve(): Promise<void> {
  const server = await buildApp(loadConfig(process.env), { logger: false })
  await server.listen({ host: '127.0.0.1', port: 0 })
  const address = server.server.address()
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  )
  // `cpu` on stdin answers this process's CPU time so far (µs): the server's own cost per request.
  process.stdin.setEncoding('utf8')
  process.stdin.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (line !== 'cpu') continue
      const usage = process.cpuUsage()
      process.stdout.write(`${JSON.stringify({ cpu: usage.user + usage.system })}\n`)
    }
  })
  // Stopped by closing its stdin: a clean exit (pools closed, audit flushed, CPU profile written).
  process.stdin.once('end', () => {
    void server.close().finally(() => process.exit(0))
  })
}

async function main(): Promise<void> {
  if (!(await isPostgresReachable()))
    throw new Error('PostgreSQL is not reachable: this benchmark runs on it')
  const cpus = os.cpus()
  console.log(`node ${process.version}, ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}`)
  console.log(
    `load average before the run: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  )

  console.log('\nraw signing, single-threaded, in this process')
  const raw = await measureRaw()

  const database = await createTestDatabase()
  const redisUrl = await testRedisUrl()
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: database.url ?? '',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    SATCHEL_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SATCHEL_VAULT_KEK: randomBytes(32).toString('hex'),
    SATCHEL_DATA_DIR: os.tmpdir(),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000000',
    DEV_USER_LIMIT: '1000000',
  }
  const instances: Instance[] = []
  try {
    instances.push(await startInstance(env))
    const first = instances[0]
    if (!first) throw new Error('no server')
    console.log(`\nAPI: its own process, PostgreSQL, ${redisUrl ? 'Redis' : 'in-process store (no Redis)'}`)
    const setup = await prepare(first.api, database.db)

    console.log('\nfull HTTP path, one API process: token + authorization signature + policy + vault + audit')
    printHeader()
    const summary: Array<{ label: string; result: Result }> = []
    for (const concurrency of [1, 32]) {
      for (const method of METHODS) {
        const result = await runRpc([first], setup, method, concurrency)
        printRow(method, concurrency, result)
        if (concurrency === 32) summary.push({ label: `${method}, 1 process, c=32`, result })
      }
    }
    if (process.argv.includes('--signing-only')) return
    console.log('\nwallet creation, one API process (app backend pregenerating: Basic app secret + user_id)')
    printHeader()
    printRow('POST /api/v1/wallets', 16, await runCreation([first], setup, 16))

    // A production deployment runs one API process per core behind its load balancer.
    instances.push(await startInstance(env))
    console.log(
      '\nfull HTTP path, two API processes (requests alternate between them, as a load balancer would)',
    )
    printHeader()
    for (const method of METHODS) {
      const result = await runRpc(instances, setup, method, 32)
      printRow(method, 32, result)
      summary.push({ label: `${method}, 2 processes, c=32`, result })
    }
    printRow('POST /api/v1/wallets', 16, await runCreation(instances, setup, 16))

    console.log(
      '\nsummary (target: >= 2,000 signatures/s with p99 <= 25 ms at c=32; wallet creation >= 300/s)',
    )
    for (const { label, result } of summary) {
      const share = Math.round((result.rate / raw.native) * 100)
      console.log(
        `  ${label}: ${result.rate}/s (${share}% of raw secp256k1 ${raw.native}/s), p99 ${result.p99.toFixed(1)} ms`,
      )
    }
  } finally {
    for (const instance of instances) {
      const exited = new Promise((resolve) => instance.child.once('exit', resolve))
      instance.child.stdin?.end()
      await exited
    }
    await database.drop()
  }
}

function printHeader(): void {
  console.log(
    `${'request'.padEnd(24)}${'conc.'.padStart(6)}${'per s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}${'API CPU ms/req'.padStart(16)}${'client ms/req'.padStart(15)}${'machine busy'.padStart(14)}`,
  )
}

function printRow(name: string, concurrency: number, r: Result): void {
  console.log(
    `${name.padEnd(24)}${String(concurrency).padStart(6)}${String(r.rate).padStart(8)}${r.p50.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}${String(r.errors).padStart(8)}${r.serverCpuMs.toFixed(3).padStart(16)}${r.clientCpuMs.toFixed(3).padStart(15)}${`${Math.round(r.machineBusy * 100)}%`.padStart(14)}`,
  )
}

async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROFILE]
    : []
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve'],
    {
      env,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  if (!child.stdout || !child.stdin) throw new Error('the server has no stdio')
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`))),
  )
  exited.catch(() => {})
  const next = async () => JSON.parse(String((await Promise.race([lines.next(), exited])).value))
  const { port } = await next()
  const stdin = child.stdin
  return {
    child,
    api: createClient(port),
    port,
    host: `127.0.0.1:${port}`,
    async cpu() {
      stdin.write('cpu\n')
      return (await next()).cpu
    },
  }
}

async function measureRaw(): Promise<{ native: number }> {
  const require = createRequire(import.meta.url)
  const native: { ecdsaSign(d: Uint8Array, k: Uint8Array): unknown } = require('secp256k1/bindings')
  const digest = randomBytes(32)
  const key = randomBytes(32)
  const nativeRate = await rate(() => native.ecdsaSign(digest, key))
  console.log(`  secp256k1 ecdsaSign (native libsecp256k1)        ${String(nativeRate).padStart(8)} /s`)
  const vault = createLocalVault({ keyEncryptionKey: randomBytes(32) })
  const root = { rootId: 'root_raw', ...(await vault.createRoot({ rootId: 'root_raw' })) }
  const message = new TextEncoder().encode('hello')
  const vaultRate = await rate(() =>
    vault.sign({ ...root, chainType: 'ethereum', index: 0, request: { method: 'personal_sign', message } }),
  )
  console.log(`  vault.sign personal_sign (in-process, key cached) ${String(vaultRate).padStart(8)} /s`)
  const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const payload = randomBytes(300)
  const p256Rate = await rate(() =>
    sign('sha256', payload, { key: p256.privateKey, dsaEncoding: 'ieee-p1363' }),
  )
  console.log(`  P-256 sign (the client's part of each request)   ${String(p256Rate).padStart(8)} /s`)
  return { native: nativeRate }
}

async function rate(run: () => unknown): Promise<number> {
  let best = 0
  for (let round = 0; round < 3; round++) {
    let count = 0
    const start = performance.now()
    while (performance.now() - start < 700) {
      await run()
      count++
    }
    best = Math.max(best, (count / (performance.now() - start)) * 1000)
  }
  return Math.round(best)
}

/** Busy and total CPU time of the whole machine (all cores, every process), from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  const fields = line.trim().split(/\s+/).slice(1).map(Number)
  const total = fields.reduce((sum, value) => sum + value, 0)
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total }
}

/** A keep-alive JSON client: a pool of sockets, as a load balancer holds to each instance. */
function createClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  return async function request(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: string }> {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    return new Promise((resolve, reject) => {
      const call = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
        },
        (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => {
            text += chunk
          })
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
        },
      )
      call.on('error', reject)
      call.end(payload)
    })
  }
}

/** An app, a signed-in user with a session key, an EVM wallet under a policy, and users to create wallets for. */
async function prepare(api: Api, db: Db) {
  const { app, secret } = await createAppsRepository(db).createApp({
    name: 'Bench',
    allowedOrigins: [],
    loginMethods: ['email'],
  })
  const appHeaders = { 'satchel-app-id': app.id }
  const basic = {
    ...appHeaders,
    authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
  }

  const session = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const { kty, crv, x, y } = session.publicKey.export({ format: 'jwk' })
  const email = 'bench@example.com'
  await api('POST', '/api/v1/passwordless/init', { email }, appHeaders)
  const outbox = JSON.parse((await api('GET', `/api/v1/dev/outbox?to=${email}`, undefined, appHeaders)).body)
  const code = /\b(\d{6})\b/.exec(outbox.messages[0].text)?.[1]
  const login = await api(
    'POST',
    '/api/v1/passwordless/authenticate',
    { email, code, session_public_key: { kty, crv, x, y } },
    appHeaders,
  )
  const token: string = JSON.parse(login.body).token
  const bearer = { ...appHeaders, authorization: `Bearer ${token}` }
  const wallet = JSON.parse((await api('POST', '/api/v1/wallets', { chain_type: 'ethereum' }, bearer)).body)

  // The wallet is under a policy, so every signature goes through a real policy decision.
  const policy = await api(
    'POST',
    '/api/v1/policies',
    {
      name: 'bench',
      chain_type: 'ethereum',
      rules: [
        { name: 'messages', method: 'personal_sign', action: 'ALLOW', conditions: [] },
        {
          name: 'mainnet only',
          method: 'eth_signTransaction',
          action: 'ALLOW',
          conditions: [
            { field_source: 'ethereum_transaction', field: 'chain_id', operator: 'eq', value: '1' },
          ],
        },
      ],
    },
    basic,
  )
  const policyId: string = JSON.parse(policy.body).id
  const attached = await api(
    'PATCH',
    `/api/v1/wallets/${wallet.id}/policies`,
    { policy_ids: [policyId] },
    basic,
  )
  if (attached.status !== 200) throw new Error(`could not attach the policy: ${attached.body}`)

  // Users for the creation rounds, inserted directly: signing each one in is not what is measured.
  const userIds = Array.from({ length: 20_000 }, (_, i) => `usr_bench_${i}`)
  await db.query('insert into users (id, app_id) select unnest($1::text[]), $2', [userIds, app.id])
  return {
    appId: app.id,
    basic,
    bearer,
    walletId: String(wallet.id),
    sessionKey: session.privateKey,
    userIds,
  }
}

let sequence = 0
let nextUser = 0

/**
 * A signed wallet RPC request for one instance, as the SDK makes it (WebCrypto's raw r||s signature,
 * base64), serialized to the bytes sent. No SATCHEL_PUBLIC_URL here: the server rebuilds the signed
 * URL from the Host header.
 */
function signedRpc(setup: Setup, instance: Instance, method: Method, key: KeyObject): Request {
  sequence += 1
  const path = `/api/v1/wallets/${setup.walletId}/rpc`
  const body =
    method === 'personal_sign'
      ? { method, params: { message: `bench message ${sequence}`, encoding: 'utf-8' } }
      : {
          method,
          params: {
            transaction: {
              chainId: 1,
              to: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
              value: String(sequence),
              nonce: sequence,
              gas: 21000,
              maxFeePerGas: '0x4a817c800',
              maxPriorityFeePerGas: '0x3b9aca00',
            },
          },
        }
  const expiry = String(Date.now() + 9 * 60_000)
  const payload = serializeAuthorizationPayload(
    buildAuthorizationPayload({
      method: 'POST',
      url: `http://${instance.host}${path}`,
      body,
      appId: setup.appId,
      expiry,
    }),
  )
  const signature = sign('sha256', payload, { key, dsaEncoding: 'ieee-p1363' }).toString('base64')
  return serializeRequest(instance, path, body, {
    ...setup.bearer,
    'satchel-authorization-signature': signature,
    'satchel-request-expiry': expiry,
  })
}

async function runRpc(instances: Instance[], setup: Setup, method: Method, concurrency: number) {
  // Requests are signed before the clock starts: the client's P-256 signature is the browser's work.
  const count = concurrency === 1 ? 5_000 : 25_000
  const pick = (i: number) => instances[i % instances.length] as Instance
  const prepared = Array.from({ length: count }, (_, i) =>
    signedRpc(setup, pick(i), method, setup.sessionKey),
  )
  let next = 0
  return load(instances, concurrency, () => {
    const request = prepared[next] ?? signedRpc(setup, pick(next), method, setup.sessionKey)
    next++
    return request
  })
}

async function runCreation(instances: Instance[], setup: Setup, concurrency: number) {
  let calls = 0
  return load(instances, concurrency, () => {
    const userId = setup.userIds[nextUser++]
    if (!userId) throw new Error('ran out of users')
    const instance = instances[calls++ % instances.length] as Instance
    return serializeRequest(
      instance,
      '/api/v1/wallets',
      { chain_type: 'ethereum', user_id: userId },
      setup.basic,
    )
  })
}

/** A request ready to send: which instance, and its bytes on the wire. */
type Request = { instance: Instance; bytes: Buffer }

function serializeRequest(
  instance: Instance,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Request {
  const payload = Buffer.from(JSON.stringify(body))
  const head = [
    `POST ${path} HTTP/1.1`,
    `host: ${instance.host}`,
    'content-type: application/json',
    `content-length: ${payload.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ]
  return { instance, bytes: Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), payload]) }
}

/**
 * One keep-alive HTTP/1.1 connection sending prepared request bytes, one request at a time, and
 * reading just the status and the Content-Length body: a load generator as light as wrk, so the
 * machine's CPU goes to the server rather than to Node's HTTP client.
 */
async function connect(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port, noDelay: true })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  let pending:
    | { resolve: (r: { status: number; body: string }) => void; reject: (e: Error) => void }
    | undefined
  let buffered: Buffer = Buffer.alloc(0)
  const fail = (error: Error) => {
    pending?.reject(error)
    pending = undefined
  }
  socket.on('error', fail)
  socket.on('close', () => fail(new Error('the server closed the connection')))
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk])
    const headEnd = buffered.indexOf('\r\n\r\n')
    if (headEnd < 0 || !pending) return
    const head = buffered.subarray(0, headEnd).toString('latin1')
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN)
    if (!Number.isSafeInteger(length)) return fail(new Error(`no content-length: ${head}`))
    if (buffered.length < headEnd + 4 + length) return
    const body = buffered.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8')
    buffered = buffered.subarray(headEnd + 4 + length)
    const done = pending
    pending = undefined
    done.resolve({ status: Number(head.slice(9, 12)), body })
  })
  return {
    send(bytes: Buffer): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        pending = { resolve, reject }
        socket.write(bytes)
      })
    },
    close: () => socket.destroy(),
  }
}

/**
 * Sends `next()`'s requests from `concurrency` callers, each with its own keep-alive connection to
 * every instance: a warm-up, then a timed round; rate, latency and CPU.
 */
async function load(instances: Instance[], concurrency: number, next: () => Request) {
  const callers = await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const connections = new Map<Instance, Awaited<ReturnType<typeof connect>>>()
      for (const instance of instances) connections.set(instance, await connect(instance.port))
      return connections
    }),
  )
  const latencies: number[] = []
  let errors = 0
  let firstError: string | undefined
  const run = async (
    connections: Map<Instance, Awaited<ReturnType<typeof connect>>>,
    until: number,
    record: boolean,
  ) => {
    while (performance.now() < until) {
      const request = next()
      const connection = connections.get(request.instance)
      if (!connection) throw new Error('no connection to the instance')
      const start = performance.now()
      const response = await connection.send(request.bytes)
      const elapsed = performance.now() - start
      if (response.status >= 300) {
        errors++
        firstError ??= response.body
      } else if (record) latencies.push(elapsed)
    }
  }
  const serverCpu = async () =>
    (await Promise.all(instances.map((instance) => instance.cpu()))).reduce((a, b) => a + b, 0)
  const warmUntil = performance.now() + WARM_UP_MS
  await Promise.all(callers.map((connections) => run(connections, warmUntil, false)))
  const [cpuBefore, machineBefore, clientBefore] = [await serverCpu(), machineCpu(), process.cpuUsage()]
  const start = performance.now()
  await Promise.all(callers.map((connections) => run(connections, start + ROUND_MS, true)))
  const seconds = (performance.now() - start) / 1000
  const client = process.cpuUsage(clientBefore)
  const [cpuAfter, machineAfter] = [await serverCpu(), machineCpu()]
  for (const connections of callers) for (const connection of connections.values()) connection.close()
  if (firstError) console.log(`  first error: ${firstError}`)
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return {
    rate: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    errors,
    // What one request costs the API processes themselves, whatever else the machine is doing.
    serverCpuMs: (cpuAfter - cpuBefore) / 1000 / Math.max(1, latencies.length),
    // What the load generator (this process) spent per request: not the server's cost, but the machine's.
    clientCpuMs: (client.user + client.system) / 1000 / Math.max(1, latencies.length),
    // How busy the whole machine was: API, PostgreSQL, Redis, this client, and anything else running.
    machineBusy:
      (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
  }
}

// Last, so every module-level binding above is initialised before either role starts.
if (process.argv.includes('--serve')) await serve()
else await main()
