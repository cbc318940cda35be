// The fault suite: the production profile (deploy/profile.ts: HAProxy, two API instances, the vault as
// its own process, PostgreSQL, Redis) under a steady mix of email logins, wallet creations and USDC
// sends on anvil, while one fault at a time is injected. For each fault it prints requests sent,
// acknowledged, failed with a clean error, failed without one, lost (acknowledged but absent), duplicated,
// and the seconds until requests succeeded again. Goal per row: 0 lost, 0 duplicated, recovery < 10 s.
//
//   npx tsx bench/resilience/run.ts [--faults api,api-each,vault,rpc,rolling,postgres,redis]
//
// `postgres` and `redis` restart the machine's own services (pg_ctlcluster, service redis-server) and
// flush Redis: they are left out unless named, since they disturb everything else using them. Needs
// Debian's haproxy. Not part of `npm test`: it takes minutes.
import { execFile } from 'node:child_process'
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { LOCAL_USDC_ADDRESS } from '@satchel/core'
import { deployUsdc, fundAccount, startAnvil } from '@satchel/devchain'
import { Redis } from 'ioredis'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  parseAbiItem,
  parseEther,
} from 'viem'
import { type Profile, startProfile } from '../../deploy/profile'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../../packages/server/src/identity/signedRequests/authorizationSignature'

const ALL_FAULTS = ['api', 'api-each', 'vault', 'rpc', 'rolling', 'postgres', 'redis'] as const
type Fault = (typeof ALL_FAULTS)[number]
const { values } = parseArgs({
  options: { faults: { type: 'string', default: 'api,api-each,vault,rpc,rolling' } },
})
const faults = (values.faults ?? '')
  .split(',')
  .filter((f): f is Fault => (ALL_FAULTS as readonly string[]).includes(f))

const CHAIN_ID = 84532 // Base Sepolia's id: a chain production accepts, served here by anvil
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'
const LB = '127.0.0.1:18080'
const ORIGIN = 'http://localhost:5173'
const SENDERS = 3
const LOGIN_WORKERS = 2
const RETRY_FOR_MS = 20_000
const BEFORE_FAULT_MS = 4_000
const AFTER_FAULT_MS = 20_000
const run = promisify(execFile)
const bin = new URL('../../packages/server/bin/satchel.js', import.meta.url).pathname

type Outcome = 'ack' | 'clean' | 'unclean'
type Attempt = { at: number; outcome: Outcome; path: string; why?: string }
type Phase = { fault: string; startedAt: number; faultAt: number; attempts: Attempt[] }
type Ack = { kind: 'user' | 'wallet' | 'send'; id: string; phase: string; amount?: bigint; sender?: string }

let phase: Phase = { fault: 'warm-up', startedAt: Date.now(), faultAt: Date.now(), attempts: [] }
const acks: Ack[] = []
let stopping = false

async function main(): Promise<void> {
  const dbName = `satchel_resilience_${randomBytes(4).toString('hex')}`
  await admin(`create database ${dbName}`)
  const redisUrl = 'redis://127.0.0.1:6379/3'
  await flushRedis(redisUrl)
  const stateDir = await mkdtemp(join(tmpdir(), 'satchel-resilience-'))
  const anvil = await startAnvil({ chainId: CHAIN_ID })
  await deployUsdc({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID })
  const rpc = await startRpcProxy(anvil.rpcUrl)
  const mail = await startMailSink()
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`
  let profile: Profile | undefined
  try {
    profile = await startProfile({
      bind: LB,
      basePort: 18801,
      stateDir,
      env: {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        EMAIL_FROM: 'Satchel <no-reply@satchel.test>',
        RPC_URLS: `${CHAIN_ID}=${rpc.url}`,
        SATCHEL_PUBLIC_URL: `http://${LB}`,
        // Every request arrives from one address: the per-IP limits would be the only thing measured.
        RATE_LIMIT_SCALE: '100000',
        SHUTDOWN_DRAIN_SECONDS: '3',
      },
      onOutput: (name, line) => {
        if (/error|fatal/i.test(line)) console.error(`[${name}] ${line.slice(0, 300)}`)
      },
    })
    const created = await run(
      process.execPath,
      [bin, 'apps', 'create', '--name', 'Resilience', '--origin', ORIGIN, '--methods', 'email', '--json'],
      { env: { ...process.env, ...profile.apiEnv } },
    )
    const appId: string = JSON.parse(created.stdout).app_id
    const api = new Api(`http://${LB}`, appId, mail)
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) })

    // Senders: users whose wallets hold ETH for gas and USDC to send, one send at a time each.
    const senders: Sender[] = []
    for (let i = 0; i < SENDERS; i++) {
      const user = await api.login(`sender-${i}@example.com`)
      const wallet = user && (await api.createWallet(user))
      if (!user || !wallet) throw new Error('could not prepare the senders')
      const address = getAddress(wallet.address)
      await fundAccount({
        rpcUrl: anvil.rpcUrl,
        chainId: CHAIN_ID,
        to: address,
        asset: 'native',
        amount: parseEther('10'),
      })
      await fundAccount({
        rpcUrl: anvil.rpcUrl,
        chainId: CHAIN_ID,
        to: address,
        asset: 'USDC',
        amount: 10_000_000_000n,
      })
      senders.push({
        user,
        walletId: wallet.id,
        address,
        recipient: getAddress(`0x${randomBytes(20).toString('hex')}`),
      })
    }

    const workers = [
      ...Array.from({ length: LOGIN_WORKERS }, (_, w) => loginLoop(api, w)),
      walletLoop(api),
      ...senders.map((sender) => sendLoop(api, sender)),
    ]
    await sleep(3_000)

    const rows: Row[] = []
    for (const fault of faults) {
      phase = { fault, startedAt: Date.now(), faultAt: Date.now() + BEFORE_FAULT_MS, attempts: [] }
      await sleep(BEFORE_FAULT_MS)
      phase.faultAt = Date.now()
      console.log(`fault: ${fault}`)
      await inject(fault, profile, rpc, redisUrl)
      await sleep(AFTER_FAULT_MS)
      rows.push(summarize(phase))
    }
    stopping = true
    await Promise.all(workers)

    // Everything acknowledged must exist: users and wallets in the database, sends on the chain (the
    // reconciler is given time to see any recorded send through).
    await sleep(15_000)
    const checks = await verify(databaseUrl, chain, senders)
    for (const row of rows) {
      row.lost = checks.lost.get(row.fault) ?? 0
      row.duplicated = checks.duplicated.get(row.fault) ?? 0
    }
    print(rows)
    await writeFile(
      new URL('./results.json', import.meta.url),
      `${JSON.stringify({ date: new Date().toISOString(), rows }, null, 2)}\n`,
    )
  } finally {
    stopping = true
    await profile?.stop()
    rpc.server.close()
    await mail.server.close(() => {})
    await anvil.stop()
    await admin(`drop database if exists ${dbName} with (force)`).catch(() => {})
    await rm(stateDir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------------
// Faults

async function inject(fault: Fault, profile: Profile, rpc: RpcProxy, redisUrl: string): Promise<void> {
  switch (fault) {
    case 'api':
      await profile.kill('api1', 'SIGKILL')
      await sleep(3_000)
      await profile.start('api1')
      return
    case 'api-each':
      for (const name of ['api1', 'api2']) {
        await profile.kill(name, 'SIGKILL')
        await sleep(3_000)
        await profile.start(name)
        await sleep(3_000)
      }
      return
    case 'vault':
      await profile.kill('vault', 'SIGKILL')
      await sleep(3_000)
      await profile.start('vault')
      return
    case 'rpc':
      // For 5 s the node takes every transaction and drops the connection before answering.
      rpc.dropAfterAccepting = true
      await sleep(5_000)
      rpc.dropAfterAccepting = false
      return
    case 'rolling':
      for (const name of ['api1', 'api2']) {
        await profile.kill(name, 'SIGTERM')
        await profile.start(name)
        await sleep(2_000)
      }
      return
    case 'postgres':
      await run('pg_ctlcluster', ['15', 'main', 'restart'])
      return
    case 'redis':
      await flushRedis(redisUrl)
      await run('service', ['redis-server', 'restart'])
      return
  }
}

// ---------------------------------------------------------------------------------------------------
// Load

type User = { token: string; key: KeyObject; userId: string }
type Sender = { user: User; walletId: string; address: `0x${string}`; recipient: `0x${string}` }

async function loginLoop(api: Api, worker: number): Promise<void> {
  for (let n = 0; !stopping; n++) {
    const user = await api.login(`login-${worker}-${n}-${randomBytes(3).toString('hex')}@example.com`)
    if (user) acks.push({ kind: 'user', id: user.userId, phase: phase.fault })
  }
}

async function walletLoop(api: Api): Promise<void> {
  for (let n = 0; !stopping; n++) {
    const user = await api.login(`wallet-${n}-${randomBytes(3).toString('hex')}@example.com`)
    if (!user) continue
    const wallet = await api.createWallet(user)
    if (wallet) acks.push({ kind: 'wallet', id: wallet.id, phase: phase.fault })
  }
}

let amounts = 1_000n
async function sendLoop(api: Api, sender: Sender): Promise<void> {
  while (!stopping) {
    amounts += 1n
    const amount = amounts
    const body = {
      method: 'eth_sendTransaction',
      caip2: `eip155:${CHAIN_ID}`,
      params: {
        transaction: {
          to: LOCAL_USDC_ADDRESS,
          value: '0',
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [sender.recipient, amount],
          }),
        },
      },
    }
    const answer = await api.signed(
      sender.user,
      `/api/v1/wallets/${sender.walletId}/rpc`,
      body,
      `send-${amount}`,
    )
    if (answer)
      acks.push({
        kind: 'send',
        id: String(answer.data.hash),
        phase: phase.fault,
        amount,
        sender: sender.address,
      })
  }
}

class Api {
  constructor(
    readonly base: string,
    readonly appId: string,
    readonly mail: MailSink,
  ) {}

  /** One request, retried (same body, same idempotency key) on a dropped connection or a 502-504. */
  async request(
    path: string,
    init: { body: unknown; headers?: Record<string, string>; signFor?: User; key?: string },
  ) {
    const deadline = Date.now() + RETRY_FOR_MS
    for (;;) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'satchel-app-id': this.appId,
        origin: ORIGIN,
        ...init.headers,
      }
      if (init.signFor) {
        headers.authorization = `Bearer ${init.signFor.token}`
        const expiry = String(Date.now() + 120_000)
        const payload = serializeAuthorizationPayload(
          buildAuthorizationPayload({
            method: 'POST',
            url: `${this.base}${path}`,
            body: init.body,
            appId: this.appId,
            expiry,
            idempotencyKey: init.key,
          }),
        )
        headers['satchel-authorization-signature'] = sign('sha256', payload, {
          key: init.signFor.key,
          dsaEncoding: 'ieee-p1363',
        }).toString('base64')
        headers['satchel-request-expiry'] = expiry
        if (init.key) headers['satchel-idempotency-key'] = init.key
      }
      let outcome: Outcome
      let json: Record<string, unknown> | undefined
      try {
        const response = await fetch(`${this.base}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(init.body),
          signal: AbortSignal.timeout(30_000),
        })
        const text = await response.text()
        try {
          json = JSON.parse(text)
        } catch {}
        outcome = response.ok ? 'ack' : json && typeof json.code === 'string' ? 'clean' : 'unclean'
        phase.attempts.push({
          at: Date.now(),
          outcome,
          path,
          ...(outcome !== 'ack' && {
            why: json && typeof json.code === 'string' ? json.code : String(response.status),
          }),
        })
        if (outcome === 'ack') return json
        const retriable = response.status >= 502 || outcome === 'unclean'
        if (!retriable || Date.now() > deadline || stopping) return undefined
      } catch {
        phase.attempts.push({ at: Date.now(), outcome: 'unclean', path, why: 'connection' })
        if (Date.now() > deadline || stopping) return undefined
      }
      await sleep(250)
    }
  }

  async login(email: string): Promise<User | undefined> {
    const init = await this.request('/api/v1/passwordless/init', { body: { email } })
    if (!init) return undefined
    const code = await this.mail.codeFor(email)
    if (!code) return undefined
    const session = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const { kty, crv, x, y } = session.publicKey.export({ format: 'jwk' })
    const login = await this.request('/api/v1/passwordless/authenticate', {
      body: { email, code, flow_id: init.flow_id, session_public_key: { kty, crv, x, y } },
    })
    if (!login) return undefined
    const user = login.user as { id: string }
    return { token: String(login.token), key: session.privateKey, userId: user.id }
  }

  async createWallet(user: User) {
    const wallet = await this.request('/api/v1/wallets', {
      body: { chain_type: 'ethereum' },
      headers: { authorization: `Bearer ${user.token}` },
    })
    return wallet ? { id: String(wallet.id), address: String(wallet.address) } : undefined
  }

  async signed(user: User, path: string, body: unknown, key: string) {
    return this.request(path, { body, signFor: user, key }) as Promise<{ data: { hash: string } } | undefined>
  }
}

// ---------------------------------------------------------------------------------------------------
// Verification and the table

type Row = {
  fault: string
  sent: number
  acknowledged: number
  failedClean: number
  failedUnclean: number
  lost: number
  duplicated: number
  recoverySeconds: number
  /** Why requests failed: `path code` or `path status`, with counts. */
  failures: Record<string, number>
}

function summarize(p: Phase): Row {
  const failures = p.attempts.filter((a) => a.outcome !== 'ack' && a.at >= p.faultAt)
  const lastFailure = failures.length > 0 ? Math.max(...failures.map((a) => a.at)) : p.faultAt
  return {
    fault: p.fault,
    sent: p.attempts.length,
    acknowledged: p.attempts.filter((a) => a.outcome === 'ack').length,
    failedClean: p.attempts.filter((a) => a.outcome === 'clean').length,
    failedUnclean: p.attempts.filter((a) => a.outcome === 'unclean').length,
    lost: 0,
    duplicated: 0,
    recoverySeconds: +((lastFailure - p.faultAt) / 1000).toFixed(1),
    failures: tally(
      p.attempts
        .filter((a) => a.outcome !== 'ack')
        .map((a) => `${a.path.replace(/wallet_[^/]+/, ':id')} ${a.why}`),
    ),
  }
}

async function verify(databaseUrl: string, chain: ReturnType<typeof createPublicClient>, senders: Sender[]) {
  const lost = new Map<string, number>()
  const duplicated = new Map<string, number>()
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    for (const ack of acks) {
      if (ack.kind === 'user') {
        const found = await db.query('select 1 from users where id = $1', [ack.id])
        if (found.rowCount === 0) count(lost, ack.phase)
      } else if (ack.kind === 'wallet') {
        const found = await db.query('select 1 from wallets where id = $1', [ack.id])
        if (found.rowCount === 0) count(lost, ack.phase)
      }
    }
  } finally {
    await db.end()
  }
  // Each send moves a distinct amount: an acknowledged amount missing from the chain is lost, one
  // that appears twice was sent twice.
  const transfers = new Map<string, number>()
  for (const sender of senders) {
    const logs = await chain.getLogs({
      address: LOCAL_USDC_ADDRESS,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { from: sender.address, to: sender.recipient },
      fromBlock: 0n,
    })
    for (const log of logs) {
      const key = `${sender.address}/${log.args.value}`
      transfers.set(key, (transfers.get(key) ?? 0) + 1)
    }
  }
  for (const ack of acks) {
    if (ack.kind !== 'send') continue
    const seen = transfers.get(`${ack.sender}/${ack.amount}`) ?? 0
    if (seen === 0) count(lost, ack.phase)
    if (seen > 1) count(duplicated, ack.phase)
  }
  return { lost, duplicated }
}

function tally(items: string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1
  return counts
}

function print(rows: Row[]): void {
  const header =
    '| fault | sent | acknowledged | failed, clean error | failed, no clean error | lost | duplicated | recovery (s) |'
  console.log(header)
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const r of rows)
    console.log(
      `| ${r.fault} | ${r.sent} | ${r.acknowledged} | ${r.failedClean} | ${r.failedUnclean} | ${r.lost} | ${r.duplicated} | ${r.recoverySeconds} |`,
    )
  for (const r of rows) console.log(`${r.fault}: ${JSON.stringify(r.failures)}`)
}

// ---------------------------------------------------------------------------------------------------
// Stand-ins: the chain's node (a proxy to anvil that can drop answers) and the mail relay

type RpcProxy = { url: string; server: Server; dropAfterAccepting: boolean }

async function startRpcProxy(target: string): Promise<RpcProxy> {
  const proxy: RpcProxy = { url: '', server: createServer(), dropAfterAccepting: false }
  proxy.server.on('request', (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      try {
        const answer = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        const text = await answer.text()
        if (proxy.dropAfterAccepting && body.includes('"eth_sendRawTransaction"'))
          return response.socket?.destroy()
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text)
      } catch {
        response.socket?.destroy()
      }
    })
  })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
  return proxy
}

type MailSink = { port: number; server: SMTPServer; codeFor(email: string): Promise<string | undefined> }

async function startMailSink(): Promise<MailSink> {
  const codes = new Map<string, string>()
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const code = /\b(\d{6}) is your\b/.exec(Buffer.concat(chunks).toString('utf8'))?.[1]
        for (const to of session.envelope.rcptTo) if (code) codes.set(to.address.toLowerCase(), code)
        callback()
      })
    },
  })
  // A sender killed mid-message resets its connection: that is the fault under test, not the relay's.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    server,
    async codeFor(email) {
      for (let i = 0; i < 100; i++) {
        const code = codes.get(email.toLowerCase())
        if (code) return code
        await sleep(100)
      }
      return undefined
    },
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function flushRedis(url: string): Promise<void> {
  const redis = new Redis(url)
  try {
    await redis.flushdb()
  } finally {
    redis.disconnect()
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

await main()
