// The full HTTP signing path on this machine: real listening API servers (their own processes) on
// PostgreSQL and Redis, answering signed wallet RPC requests (access token, P-256 authorization
// signature, policy, vault, signature, audit), measured beside the raw signing rate of the same run.
// Run from the repository root: npx tsx bench/signing/http.ts
// Needs the local PostgreSQL (SATCHEL_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test);
// Redis (SATCHEL_TEST_REDIS_URL) is used when reachable. BENCH_CPU_PROFILE=<dir> writes V8 CPU
// profiles of the servers there; --signing-only runs just the one-process signing rounds (for profiling).
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { createAppsRepository } from '../../packages/server/src/identity/apps/appsRepository'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../../packages/server/src/identity/signedRequests/authorizationSignature'
import type { Db } from '../../packages/server/src/platform/db/createDatabase'
import { createLocalVault } from '../../packages/server/src/vault/createLocalVault'
import { createTestDatabase, isPostgresReachable } from '../../packages/server/test/support/testDatabase'
import { testRedisUrl } from '../../packages/server/test/support/testKv'
import { benchApiEnv } from './benchApiEnv'
import { connect, load, type PreparedRequest, serializeRequest } from './loadGenerator'
import { printMachine } from './printMachine'
import { serveApiProcess } from './serveApiProcess'
import { signInBenchUser } from './signInBenchUser'
import { type ApiProcess, startApiProcess } from './startApiProcess'

const WARM_UP_MS = 1500
const ROUND_MS = 4000
const METHODS = ['personal_sign', 'eth_signTransaction'] as const
type Method = (typeof METHODS)[number]

type Instance = ApiProcess
type Setup = Awaited<ReturnType<typeof prepare>>
type Result = Awaited<ReturnType<typeof load>>
const round = { warmUpMs: WARM_UP_MS, roundMs: ROUND_MS }

async function main(): Promise<void> {
  if (!(await isPostgresReachable()))
    throw new Error('PostgreSQL is not reachable: this benchmark runs on it')
  printMachine()

  console.log('\nraw signing, single-threaded, in this process')
  const raw = await measureRaw()

  const database = await createTestDatabase()
  const redisUrl = await testRedisUrl()
  const env = benchApiEnv(database.url, redisUrl)
  const instances: Instance[] = []
  try {
    instances.push(await startApiProcess(fileURLToPath(import.meta.url), env))
    const first = instances[0]
    if (!first) throw new Error('no server')
    console.log(`\nAPI: its own process, PostgreSQL, ${redisUrl ? 'Redis' : 'in-process store (no Redis)'}`)
    const setup = await prepare(first, database.db)

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
    instances.push(await startApiProcess(fileURLToPath(import.meta.url), env))
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

/** An app, a signed-in user with a session key, an EVM wallet under a policy, and users to create wallets for. */
async function prepare(instance: Instance, db: Db) {
  // One request at a time over one keep-alive connection: setting up is not what is measured.
  const connection = await connect(instance.port)
  const api = async (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    connection.send(serializeRequest(instance, method, path, body, headers).bytes)
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

  const { bearer, walletId, key } = await signInBenchUser(api, app.id, 'bench@example.com')

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
    `/api/v1/wallets/${walletId}/policies`,
    { policy_ids: [policyId] },
    basic,
  )
  if (attached.status !== 200) throw new Error(`could not attach the policy: ${attached.body}`)

  // Users for the creation rounds, inserted directly: signing each one in is not what is measured.
  const userIds = Array.from({ length: 20_000 }, (_, i) => `usr_bench_${i}`)
  await db.query('insert into users (id, app_id) select unnest($1::text[]), $2', [userIds, app.id])
  connection.close()
  return {
    appId: app.id,
    basic,
    bearer,
    walletId,
    sessionKey: key,
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
function signedRpc(setup: Setup, instance: Instance, method: Method, key: KeyObject): PreparedRequest {
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
  return serializeRequest(instance, 'POST', path, body, {
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
  return load(instances, concurrency, round, () => {
    const request = prepared[next] ?? signedRpc(setup, pick(next), method, setup.sessionKey)
    next++
    return request
  })
}

async function runCreation(instances: Instance[], setup: Setup, concurrency: number) {
  let calls = 0
  return load(instances, concurrency, round, () => {
    const userId = setup.userIds[nextUser++]
    if (!userId) throw new Error('ran out of users')
    const instance = instances[calls++ % instances.length] as Instance
    return serializeRequest(
      instance,
      'POST',
      '/api/v1/wallets',
      { chain_type: 'ethereum', user_id: userId },
      setup.basic,
    )
  })
}

// Last, so every module-level binding above is initialised before either role starts.
if (process.argv.includes('--serve')) await serveApiProcess()
else await main()
