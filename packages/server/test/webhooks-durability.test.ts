// The webhook queue lives in the database: a restart mid-retry loses nothing, an endpoint that fails
// for three days is disabled, and a production server never sends to a private or loopback address.
import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type BuildAppOptions, buildApp, type SatchelServer } from '../src/buildApp'
import { emitEvent } from '../src/identity/webhooks/emitEvent'
import { loadConfig } from '../src/platform/config/loadConfig'
import { createTestDatabase, type TestDatabase } from './support/testDatabase'
import { createTestKv } from './support/testKv'
import { basicAuth, PUBLIC_URL } from './walletRequests'

/** Waits for the worker (it runs on its own), up to a bound far above what it needs. */
const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 20 })

import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver'

let database: TestDatabase
let receiver: WebhookReceiver
const servers: SatchelServer[] = []
const clock = { now: Date.now() }
const HOUR = 60 * 60 * 1000

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    SATCHEL_ENCRYPTION_KEY: ENCRYPTION_KEY,
    SATCHEL_VAULT_KEK: randomBytes(32).toString('hex'),
    SATCHEL_PUBLIC_URL: PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...env,
  })
// One key for every server of this file: they are restarts of one deployment.
const ENCRYPTION_KEY = randomBytes(32).toString('hex')

async function start(
  options: BuildAppOptions = {},
  env: Record<string, string> = {},
): Promise<SatchelServer> {
  const server = await buildApp(config(env), {
    db: database.db,
    kv: await createTestKv(),
    logger: false,
    now: () => clock.now,
    ...options,
  })
  servers.push(server)
  await server.ready()
  return server
}

beforeAll(async () => {
  database = await createTestDatabase()
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  for (const server of servers) await server.close()
  await receiver.close()
  await database.drop()
})

async function setUp(server: SatchelServer) {
  const { app, secret } = await server.satchel.apps.createApp({ name: 'Hooks', allowedOrigins: [] })
  const headers = basicAuth(app.id, secret)
  const created = await server.inject({
    method: 'POST',
    url: '/api/v1/webhooks/endpoints',
    headers,
    payload: { url: receiver.url },
  })
  expect(created.statusCode, created.body).toBe(200)
  return { app, headers, endpoint: created.json() as { id: string; secret: string } }
}

async function listDeliveries(server: SatchelServer, headers: Record<string, string>, endpointId: string) {
  const response = await server.inject({
    method: 'GET',
    url: `/api/v1/webhooks/endpoints/${endpointId}/deliveries`,
    headers,
  })
  return response.json().data as Array<{
    status: string
    attempts: number
    last_error: string | null
    last_response_code: number | null
    message_id: string
  }>
}

describe('a durable queue', () => {
  it('a delivery waiting for its retry when the server stops is completed by the next server', async () => {
    const worker = { pollIntervalMs: 10, retryScheduleMs: [HOUR] }
    const first = await start({ webhookWorker: worker })
    const { app, headers, endpoint } = await setUp(first)
    receiver.answer(500, 200)
    const before = receiver.received.length
    await emitEvent(first.satchel, app.id, 'user.deleted', { user_id: 'usr_gone' })
    // The first attempt is answered 500 (not merely under way) before the server stops.
    await eventually(async () =>
      expect((await listDeliveries(first, headers, endpoint.id))[0]?.last_response_code).toBe(500),
    )
    await first.close()
    expect(
      (await listDeliveries(await start({ webhookWorker: false }), headers, endpoint.id))[0],
    ).toMatchObject({
      status: 'pending',
      attempts: 1,
    })

    // An hour later a new server starts on the same database: the retry is due, and it is sent.
    clock.now += HOUR + 1000
    const second = await start({ webhookWorker: worker })
    await eventually(async () =>
      expect((await listDeliveries(second, headers, endpoint.id))[0]?.status).toBe('succeeded'),
    )
    const attempts = receiver.received.slice(before)
    expect(attempts).toHaveLength(2)
    expect(attempts[0]?.headers['webhook-id']).toBe(attempts[1]?.headers['webhook-id'])
    const last = attempts[1]
    if (!last) throw new Error('no second attempt')
    // Signed at the second server's time: verify as of then.
    vi.useFakeTimers({ now: clock.now, toFake: ['Date'] })
    try {
      const headersOf = (name: string) => String(last.headers[name])
      const event = new Webhook(endpoint.secret).verify(last.body, {
        'webhook-id': headersOf('webhook-id'),
        'webhook-timestamp': headersOf('webhook-timestamp'),
        'webhook-signature': headersOf('webhook-signature'),
      })
      expect(event).toMatchObject({ type: 'user.deleted', data: { user_id: 'usr_gone' } })
    } finally {
      vi.useRealTimers()
    }
    await second.satchelStopWebhooks()
  })

  it('two servers on one database send each message once', async () => {
    const worker = { pollIntervalMs: 5, batchSize: 3 }
    const [one, two] = [await start({ webhookWorker: worker }), await start({ webhookWorker: worker })]
    if (!one || !two) throw new Error('servers did not start')
    const { app, headers, endpoint } = await setUp(one)
    receiver.answer(200)
    const before = receiver.received.length
    for (let i = 0; i < 30; i++) await emitEvent(one.satchel, app.id, 'user.deleted', { user_id: `usr_${i}` })
    await eventually(async () => {
      const log = await listDeliveries(two, headers, endpoint.id)
      expect(log.filter((d) => d.status === 'succeeded')).toHaveLength(30)
    })
    const ids = receiver.received.slice(before).map((m) => m.headers['webhook-id'])
    expect(ids).toHaveLength(30)
    expect(new Set(ids).size).toBe(30)
    for (const d of await listDeliveries(two, headers, endpoint.id)) expect(d.attempts).toBe(1)
    await one.satchelStopWebhooks()
    await two.satchelStopWebhooks()
  })

  it('an endpoint whose every delivery fails for 3 days is disabled, and gets no more events', async () => {
    const server = await start({ webhookWorker: { pollIntervalMs: 10, retryScheduleMs: [] } })
    const { app, headers, endpoint } = await setUp(server)
    receiver.answer(500)
    const test = () =>
      server.inject({ method: 'POST', url: `/api/v1/webhooks/endpoints/${endpoint.id}/test`, headers })
    await test()
    await eventually(async () =>
      expect((await listDeliveries(server, headers, endpoint.id))[0]?.status).toBe('failed'),
    )
    const failing = await server.inject({
      method: 'GET',
      url: `/api/v1/webhooks/endpoints/${endpoint.id}`,
      headers,
    })
    expect(failing.json()).toMatchObject({ enabled: true, failing_since: new Date(clock.now).toISOString() })

    // Two days on, still failing: still enabled. Three days after the first failure: disabled.
    clock.now += 2 * 24 * HOUR
    await test()
    await eventually(async () =>
      expect((await listDeliveries(server, headers, endpoint.id)).map((d) => d.status)).toEqual([
        'failed',
        'failed',
      ]),
    )
    expect(
      (
        await server.inject({ method: 'GET', url: `/api/v1/webhooks/endpoints/${endpoint.id}`, headers })
      ).json().enabled,
    ).toBe(true)
    clock.now += 24 * HOUR
    await test()
    await eventually(async () => {
      const current = await server.inject({
        method: 'GET',
        url: `/api/v1/webhooks/endpoints/${endpoint.id}`,
        headers,
      })
      expect(current.json()).toMatchObject({
        enabled: false,
        disabled_reason: 'Every delivery failed for 3 days',
      })
    })
    // A disabled endpoint is sent nothing: no new event is queued for it, no test, no replay.
    await emitEvent(server.satchel, app.id, 'user.deleted', { user_id: 'usr_x' })
    expect(await listDeliveries(server, headers, endpoint.id)).toHaveLength(3)
    expect((await test()).json().code).toBe('webhook_endpoint_disabled')

    // Enabled again by the app, it receives events again.
    receiver.answer(200)
    const enabled = await server.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/endpoints/${endpoint.id}`,
      headers,
      payload: { enabled: true },
    })
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null })
    clock.now += 1000
    await test()
    await eventually(async () =>
      expect((await listDeliveries(server, headers, endpoint.id))[0]?.status).toBe('succeeded'),
    )
    await server.satchelStopWebhooks()
  })
})

describe('in production', () => {
  it('refuses an endpoint on a loopback or private address, and never sends to one', async () => {
    const server = await start(
      { webhookWorker: { pollIntervalMs: 10, retryScheduleMs: [] } },
      {
        NODE_ENV: 'production',
        SATCHEL_SINGLE_INSTANCE: 'true',
        // The apps made by the tests above sign in by email and SMS: a production start wants both.
        SMTP_URL: 'smtp://127.0.0.1:9',
        SMS_API_URL: 'http://127.0.0.1:9/sms',
        SMS_ACCOUNT_SID: 'AC0',
        SMS_AUTH_TOKEN: 'sms-token',
        SMS_FROM: '+15005550006',
      },
    )
    const { app, secret } = await server.satchel.apps.createApp({
      name: 'Prod',
      allowedOrigins: [],
      loginMethods: ['guest'],
      mode: 'production',
    })
    const headers = basicAuth(app.id, secret)
    for (const url of [
      receiver.url,
      'http://localhost:9/x',
      'http://10.0.0.8/x',
      'http://[::1]/x',
      'http://169.254.169.254/latest',
    ]) {
      const response = await server.inject({
        method: 'POST',
        url: '/api/v1/webhooks/endpoints',
        headers,
        payload: { url },
      })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().code).toBe('invalid_webhook_url')
    }
    // A name that pointed elsewhere when the endpoint was made and resolves to loopback now: the send
    // checks again and does not connect.
    const created = await server.inject({
      method: 'POST',
      url: '/api/v1/webhooks/endpoints',
      headers,
      payload: { url: 'https://93.184.215.14/hooks' },
    })
    expect(created.statusCode, created.body).toBe(200)
    await database.db.query('update webhook_endpoints set url = $2 where id = $1', [
      created.json().id,
      receiver.url,
    ])
    const before = receiver.received.length
    await server.inject({
      method: 'POST',
      url: `/api/v1/webhooks/endpoints/${created.json().id}/test`,
      headers,
    })
    await eventually(async () =>
      expect((await listDeliveries(server, headers, created.json().id))[0]).toMatchObject({
        status: 'failed',
        last_error: expect.stringContaining('private or loopback'),
      }),
    )
    expect(receiver.received.length).toBe(before)
    await server.satchelStopWebhooks()
  })
})
