import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createVaultServer } from '../src/vault/createVaultServer'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { createTestDatabase, type TestDatabase } from './support/testDatabase'

// What a load balancer and a process manager see: /readyz, and SIGTERM letting running requests finish.

describe('/readyz', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await startTestServer()
  })
  afterAll(() => t.close())

  it('is ready while the database, the shared store and the vault answer', async () => {
    const r = await t.server.inject({ method: 'GET', url: '/readyz' })
    expectAnswer(r, 200, { status: 'ready' })
  })

  it('answers 503 once the server drains, while /healthz still says the process is alive', async () => {
    t.server.satchelDrain()
    const r = await t.server.inject({ method: 'GET', url: '/readyz' })
    expectAnswer(r, 503, { status: 'draining' })
    expect((await t.server.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  })
})

describe('/readyz with the vault as its own process', () => {
  let dir: string
  let vaultServer: Awaited<ReturnType<typeof createVaultServer>>
  let t: TestServer
  const sharedSecret = randomBytes(24).toString('base64url')

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'satchel-readyz-'))
    const socketPath = join(dir, 'vault.sock')
    vaultServer = await createVaultServer({ keyEncryptionKey: randomBytes(32), sharedSecret, socketPath })
    t = await startTestServer({
      env: { SATCHEL_VAULT_SOCKET: socketPath, SATCHEL_VAULT_SECRET: sharedSecret },
    })
  })
  afterAll(async () => {
    await t.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('stays ready naming the vault as degraded when it stops answering, so sign-ins go on; plain ready once it is back', async () => {
    expectAnswer(await t.server.inject({ method: 'GET', url: '/readyz' }), 200, { status: 'ready' })
    await vaultServer.close()
    const down = await t.server.inject({ method: 'GET', url: '/readyz' })
    // Every instance shares the vault: failing readiness on it would empty the balancer.
    expectAnswer(down, 200, { status: 'ready', degraded: ['vault'] })
    const login = await t.loginWithEmail('vault-away@example.com')
    expect(login.is_new_user).toBe(true)

    vaultServer = await createVaultServer({
      keyEncryptionKey: randomBytes(32),
      sharedSecret,
      socketPath: join(dir, 'vault.sock'),
    })
    expectAnswer(await t.server.inject({ method: 'GET', url: '/readyz' }), 200, { status: 'ready' })
    await vaultServer.close()
  })
})

describe('satchel serve on SIGTERM', { timeout: 60_000 }, () => {
  const bin = new URL('../bin/satchel.js', import.meta.url).pathname
  let database: TestDatabase
  let dataDir: string
  let child: ChildProcess | undefined

  beforeAll(async () => {
    database = await createTestDatabase()
    dataDir = await mkdtemp(join(tmpdir(), 'satchel-sigterm-'))
  })
  afterEach(() => {
    child?.kill('SIGKILL')
  })
  afterAll(async () => {
    await database.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('fails /readyz first, finishes the request in flight, then exits 0', async () => {
    const server = spawn(process.execPath, [bin, 'serve'], {
      env: {
        ...process.env,
        PORT: '0',
        DATABASE_URL: database.url ?? '',
        SATCHEL_DATA_DIR: dataDir,
        SHUTDOWN_DRAIN_SECONDS: '1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = server
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
    const port = await new Promise<number>((resolve, reject) => {
      let output = ''
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8')
        const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)
        if (match) resolve(Number(match[1]))
      }
      server.stdout?.on('data', read)
      server.stderr?.on('data', read)
      server.once('exit', () => reject(new Error(`satchel serve exited before listening:\n${output}`)))
    })
    const base = `http://127.0.0.1:${port}`
    expect((await fetch(`${base}/readyz`)).status).toBe(200)

    // A request in flight: its headers are sent, its body still on the way when SIGTERM arrives.
    const inFlight = startSlowRequest(port)
    await inFlight.headersSent
    server.kill('SIGTERM')

    // The balancer's next check fails while the process keeps answering.
    await waitFor(async () => (await fetch(`${base}/readyz`)).status === 503)
    expect((await fetch(`${base}/healthz`)).status).toBe(200)

    // The request finishes and gets its answer (for an unknown app: a catalogued refusal, not a reset).
    const answer = await inFlight.finish()
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect(JSON.parse(answer.body)).toMatchObject({ error: expect.any(String), code: expect.any(String) })
    expect(await exited).toBe(0)
    child = undefined
  })
})

/** POST whose body is held back until `finish()`, so the server has it in flight meanwhile. */
function startSlowRequest(port: number) {
  const body = JSON.stringify({ email: 'not-an-email' })
  let pending: () => void = () => {}
  let resolveHeaders: () => void = () => {}
  const headersSent = new Promise<void>((resolve) => {
    resolveHeaders = resolve
  })
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/passwordless/init',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'satchel-app-id': 'app_unknown',
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8')
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.flushHeaders()
    req.write(body.slice(0, 5), () => resolveHeaders())
    pending = () => req.end(body.slice(5))
  })
  return {
    headersSent,
    async finish() {
      // Well past the drain second: the server has stopped accepting, and still owes this answer.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      pending()
      return response
    },
  }
}

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('condition not met within 5 s')
}
