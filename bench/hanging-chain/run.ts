// A chain whose node hangs, beside users who sign: while 20 sends hang on a dead chain RPC (a loopback
// TCP server that accepts connections and never answers), how fast do other users' signatures stay?
// Run from the repository root: npx tsx bench/hanging-chain/run.ts
// Needs the local PostgreSQL (SATCHEL_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test);
// Redis (SATCHEL_TEST_REDIS_URL) is used when reachable. --json prints the figures as JSON at the end.
import { sign } from 'node:crypto'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { createAppsRepository } from '../../packages/server/src/identity/apps/appsRepository'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../../packages/server/src/identity/signedRequests/authorizationSignature'
import { createTestDatabase, isPostgresReachable } from '../../packages/server/test/support/testDatabase'
import { testRedisUrl } from '../../packages/server/test/support/testKv'
import { benchApiEnv } from '../signing/benchApiEnv'
import { connect, load, type PreparedRequest, serializeRequest } from '../signing/loadGenerator'
import { printMachine } from '../signing/printMachine'
import { serveApiProcess } from '../signing/serveApiProcess'
import { type BenchUser, signInBenchUser } from '../signing/signInBenchUser'
import { type ApiProcess, startApiProcess } from '../signing/startApiProcess'

/** The dead chain: a chain id no public chain uses, served by the loopback server that never answers. */
const DEAD_CHAIN_ID = 31338
const HANGING_SENDS = 20
const SIGNERS = 8
const CONCURRENCY = 16
const round = { warmUpMs: 1500, roundMs: 12_000 }

type Instance = ApiProcess
type User = BenchUser

async function main(): Promise<void> {
  if (!(await isPostgresReachable()))
    throw new Error('PostgreSQL is not reachable: this benchmark runs on it')
  printMachine()

  // Accepts every connection, reads nothing, answers nothing: a node that hangs.
  const held = new Set<net.Socket>()
  const dead = net.createServer((socket) => {
    held.add(socket)
    socket.on('close', () => held.delete(socket))
  })
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve))
  const deadAddress = dead.address()
  const deadPort = typeof deadAddress === 'object' && deadAddress ? deadAddress.port : 0

  const database = await createTestDatabase()
  const redisUrl = await testRedisUrl()
  const env = {
    ...benchApiEnv(database.url, redisUrl),
    RPC_URLS: `${DEAD_CHAIN_ID}=http://127.0.0.1:${deadPort}`,
  }
  let instance: Instance | undefined
  try {
    instance = await startApiProcess(fileURLToPath(import.meta.url), env)
    const api = instance
    console.log(
      `API: its own process, PostgreSQL, ${redisUrl ? 'Redis' : 'in-process store (no Redis)'}, RPC timeout ${process.env.RPC_TIMEOUT_MS ?? '10000 (default)'} ms`,
    )
    const { appId, signers, senders } = await prepare(api, database.db)

    console.log(`\npersonal_sign by ${SIGNERS} users, c=${CONCURRENCY}, ${round.roundMs / 1000} s rounds`)
    console.log(
      `${'round'.padEnd(44)}${'per s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`,
    )
    const quiet = await signRound(api, appId, signers)
    print('no chain hanging', quiet)

    // Every hanging sender keeps one send in flight on the dead chain for the whole round: when one
    // gives up (the RPC timeout), the next is sent at once.
    let running = true
    const outcomes = new Map<number, number>()
    const hanging = senders.map(async (sender) => {
      const connection = await connect(api.port)
      while (running) {
        const response = await connection.send(hangingSend(api, appId, sender).bytes)
        outcomes.set(response.status, (outcomes.get(response.status) ?? 0) + 1)
      }
      connection.close()
    })
    await new Promise((resolve) => setTimeout(resolve, 500))
    console.log(`(${held.size} connections held open by the dead node)`)
    const during = await signRound(api, appId, signers)
    print(`${HANGING_SENDS} sends hanging on the dead chain`, during)
    running = false
    await Promise.all(hanging)
    const answered = [...outcomes.entries()].map(([status, count]) => `${count} x ${status}`).join(', ')
    console.log(`hanging sends answered meanwhile: ${answered || 'none'}`)
    console.log(
      `\ntarget: p99 under 50 ms while the sends hang: ${during.p99 < 50 ? 'met' : 'NOT met'} (${during.p99.toFixed(1)} ms)`,
    )
    if (process.argv.includes('--json'))
      console.log(JSON.stringify({ quiet, during, hangingAnswers: Object.fromEntries(outcomes) }))
  } finally {
    if (instance) {
      const exited = new Promise((resolve) => instance?.child.once('exit', resolve))
      instance.child.stdin?.end()
      await exited
    }
    for (const socket of held) socket.destroy()
    dead.close()
    await database.drop()
  }
}

type Result = Awaited<ReturnType<typeof load>>

function print(label: string, r: Result): void {
  console.log(
    `${label.padEnd(44)}${String(r.rate).padStart(8)}${r.p50.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}${String(r.errors).padStart(8)}`,
  )
}

async function signRound(api: Instance, appId: string, signers: User[]): Promise<Result> {
  // Signed before the clock starts: the client's P-256 signature is the browser's work.
  let sequence = 0
  const prepared = Array.from({ length: 40_000 }, () => personalSign(api, appId, signers, sequence++))
  let next = 0
  return load(
    [api],
    CONCURRENCY,
    round,
    () => prepared[next++] ?? personalSign(api, appId, signers, sequence++),
  )
}

let expiryOffset = 0

function signedRequest(api: Instance, appId: string, user: User, body: unknown): PreparedRequest {
  const path = `/api/v1/wallets/${user.walletId}/rpc`
  // Distinct expiries keep identical bodies distinct requests (the replay guard keys on the payload).
  expiryOffset += 1
  const expiry = String(Date.now() + 9 * 60_000 + (expiryOffset % 60_000))
  const payload = serializeAuthorizationPayload(
    buildAuthorizationPayload({ method: 'POST', url: `http://${api.host}${path}`, body, appId, expiry }),
  )
  const signature = sign('sha256', payload, { key: user.key, dsaEncoding: 'ieee-p1363' }).toString('base64')
  return serializeRequest(api, 'POST', path, body, {
    ...user.bearer,
    'satchel-authorization-signature': signature,
    'satchel-request-expiry': expiry,
  })
}

function personalSign(api: Instance, appId: string, signers: User[], n: number): PreparedRequest {
  const user = signers[n % signers.length] as User
  return signedRequest(api, appId, user, {
    method: 'personal_sign',
    params: { message: `bench message ${n}`, encoding: 'utf-8' },
  })
}

let sends = 0

/** Gas and fees are given, so the first call to the dead node is the nonce manager's pending count. */
function hangingSend(api: Instance, appId: string, sender: User): PreparedRequest {
  sends += 1
  return signedRequest(api, appId, sender, {
    method: 'eth_sendTransaction',
    caip2: `eip155:${DEAD_CHAIN_ID}`,
    params: {
      transaction: {
        to: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        value: String(sends),
        gas: '21000',
        maxFeePerGas: '1000000000',
        maxPriorityFeePerGas: '1',
      },
    },
  })
}

/** An app, users who sign (each a session key and an EVM wallet), and users whose sends will hang. */
async function prepare(api: Instance, db: Parameters<typeof createAppsRepository>[0]) {
  const connection = await connect(api.port)
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    connection.send(serializeRequest(api, method, path, body, headers).bytes)
  const { app } = await createAppsRepository(db).createApp({
    name: 'Bench',
    allowedOrigins: [],
    loginMethods: ['email'],
  })
  const signIn = (email: string) => signInBenchUser(call, app.id, email)
  const signers: User[] = []
  for (let i = 0; i < SIGNERS; i++) signers.push(await signIn(`signer-${i}@example.com`))
  const senders: User[] = []
  for (let i = 0; i < HANGING_SENDS; i++) senders.push(await signIn(`sender-${i}@example.com`))
  connection.close()
  return { appId: app.id, signers, senders }
}

// Last, so every module-level binding above is initialised before either role starts.
if (process.argv.includes('--serve')) await serveApiProcess()
else await main()
