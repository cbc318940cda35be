// NODE_ENV=production is production: development scaffolding (the dev outbox, the devnet chains, a
// public /metrics) does not exist, codes never fall back to plain text in the outbox, and a start
// that would leave a login method without delivery is refused, naming what to set.
import { randomBytes, sign } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type SatchelServer } from '../src/buildApp'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../src/identity/signedRequests/authorizationSignature'
import { ConfigError, loadConfig } from '../src/platform/config/loadConfig'
import { startTestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { createTestDatabase, type TestDatabase } from './support/testDatabase'
import { createTestKv } from './support/testKv'
import { basicAuth, createP256Key, PUBLIC_URL } from './walletRequests'

const ORIGIN = 'http://localhost:5173'
const METRICS_TOKEN = randomBytes(24).toString('hex')
const SMS = {
  SMS_API_URL: 'http://127.0.0.1:9/sms',
  SMS_ACCOUNT_SID: 'AC0',
  SMS_AUTH_TOKEN: 'sms-token',
  SMS_FROM: '+15005550006',
}

const productionConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'production',
    SATCHEL_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SATCHEL_VAULT_KEK: randomBytes(32).toString('hex'),
    SATCHEL_SINGLE_INSTANCE: 'true',
    SATCHEL_PUBLIC_URL: PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...env,
  })

let database: TestDatabase
const servers: SatchelServer[] = []

async function startProduction(env: Record<string, string> = {}): Promise<SatchelServer> {
  const server = await buildApp(productionConfig(env), {
    db: database.db,
    kv: await createTestKv(),
    logger: false,
  })
  servers.push(server)
  await server.ready()
  return server
}

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  for (const server of servers) await server.close()
  await database.drop()
})

describe('production start-up', () => {
  it('refuses to start when an app enables email login and SMTP_URL is not set', async () => {
    const first = await startProduction()
    const { app } = await first.satchel.apps.createApp({
      name: 'Mail Shop',
      allowedOrigins: [ORIGIN],
      loginMethods: ['email', 'guest'],
      mode: 'production',
    })
    await expect(startProduction()).rejects.toThrow(
      new ConfigError(
        `SMTP_URL: required in production, because app ${app.id} (Mail Shop) enables email login and codes are never sent to the dev outbox in production`,
      ),
    )
    await first.satchel.apps.updateApp(app.id, { loginMethods: ['guest'] })
  })

  it('refuses to start when an app enables SMS login and no SMS provider is configured', async () => {
    const first = await startProduction()
    const { app } = await first.satchel.apps.createApp({
      name: 'Text Shop',
      allowedOrigins: [ORIGIN],
      loginMethods: ['sms'],
      mode: 'development',
    })
    await expect(startProduction()).rejects.toThrow(
      `SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM: required in production, because app ${app.id} (Text Shop) enables SMS login`,
    )
    // With a provider configured the same data starts.
    await expect(startProduction(SMS)).resolves.toBeDefined()
    await first.satchel.apps.updateApp(app.id, { loginMethods: ['guest'] })
  })
})

describe('a production server', () => {
  let server: SatchelServer
  let appId: string
  let appSecret: string

  beforeAll(async () => {
    server = await startProduction({ METRICS_TOKEN })
    // A development-mode app on a production server: once the way to read anyone's code.
    const created = await server.satchel.apps.createApp({
      name: 'Guest Shop',
      allowedOrigins: [ORIGIN],
      loginMethods: ['guest'],
      mode: 'development',
    })
    appId = created.app.id
    appSecret = created.secret
  })

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, body?: unknown) =>
    server.inject({
      method,
      url,
      headers: {
        'satchel-app-id': appId,
        origin: ORIGIN,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    })

  it('refuses an SMS code it has no provider for, never storing it, and has no outbox route to read one', async () => {
    const key = createP256Key()
    const login = await call(
      'POST',
      '/api/v1/guest/authenticate',
      {},
      { guest_credential: 'g'.repeat(43), session_public_key: key.publicJwk },
    )
    expect(login.statusCode).toBe(200)
    const token: string = login.json().token
    // Sending an MFA code is signed by the session key, as the SDK signs it.
    const path = '/api/v1/mfa/passwordless_sms/init'
    const body = { phone_number: '+14155550111' }
    const expiry = String(Date.now() + 60_000)
    const payload = buildAuthorizationPayload({
      method: 'POST',
      url: `${PUBLIC_URL}${path}`,
      body,
      appId,
      expiry,
    })
    const signature = sign('sha256', serializeAuthorizationPayload(payload), {
      key: key.privateKey,
      dsaEncoding: 'ieee-p1363',
    }).toString('base64')
    const init = await call(
      'POST',
      path,
      {
        authorization: `Bearer ${token}`,
        'satchel-authorization-signature': signature,
        'satchel-request-expiry': expiry,
      },
      body,
    )
    expectAnswer(init, 503, {
      error: 'Text messages cannot be sent: no SMS provider is configured',
      code: 'delivery_not_configured',
    })
    expect(await database.db.query(`select 1 from dev_outbox where recipient = '+14155550111'`)).toEqual([])
    const outbox = await call('GET', '/api/v1/dev/outbox?to=%2B14155550111')
    expectAnswer(outbox, 404, { error: 'Not found', code: 'not_found' })
  })

  it('has no devnet chains: 31337 and 31338 are unsupported, not looked up on 127.0.0.1', async () => {
    for (const chainId of [31337, 31338]) {
      const r = await call('POST', '/api/v1/scan/transaction', basicAuth(appId, appSecret), {
        chain_id: chainId,
        request: {
          method: 'eth_sendTransaction',
          params: [
            {
              from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
              to: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
            },
          ],
        },
      })
      expect(r.json(), String(chainId)).toEqual({
        error: `Unsupported chain id: ${chainId}`,
        code: 'unsupported_chain_id',
      })
    }
  })

  it('has no sandbox onramp routes', async () => {
    const r = await call('GET', '/api/v1/funding/sandbox/status?sessionId=x')
    expect(r.json()).toEqual({ error: 'Not found', code: 'not_found' })
  })

  it('serves /metrics only to the bearer of METRICS_TOKEN', async () => {
    const anonymous = await server.inject({ method: 'GET', url: '/metrics' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.body).not.toContain('satchel_http_requests_total')
    const wrong = await server.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    })
    expect(wrong.statusCode).toBe(401)
    const operator = await server.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    expect(operator.statusCode).toBe(200)
    expect(operator.body).toContain('satchel_http_requests_total')
  })

  it('has no /metrics at all without METRICS_TOKEN', async () => {
    const bare = await startProduction()
    const r = await bare.inject({ method: 'GET', url: '/metrics' })
    expectAnswer(r, 404, { error: 'Not found', code: 'not_found' })
  })
})

describe('behind a proxy', () => {
  it('with TRUST_PROXY=1, a client cannot dodge the per-IP code limit by forging X-Forwarded-For hops', async () => {
    const t = await startTestServer({ env: { TRUST_PROXY: '1' } })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 52; i++) {
        const r = await t.server.inject({
          method: 'POST',
          url: '/api/v1/passwordless/init',
          remoteAddress: '10.0.0.2',
          headers: {
            'satchel-app-id': t.app.id,
            'content-type': 'application/json',
            // The forged hops first, then the one the load balancer appended: the real client.
            'x-forwarded-for': `198.51.100.${i}, 203.0.113.9`,
          },
          payload: JSON.stringify({ email: `proxy-${i}@example.com` }),
        })
        statuses.push(r.statusCode)
      }
      expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true)
      expect(statuses.slice(50)).toEqual([429, 429])
    } finally {
      await t.close()
    }
  })
})
