import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'

let t: TestServer
const logLines: string[] = []

beforeAll(async () => {
  // Capture every log line the server writes, to prove no secret reaches them.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk))
      done()
    },
  })
  t = await startTestServer({ build: { logger: { level: 'trace', stream } } })
})
afterAll(() => t.close())

describe('operations', () => {
  it('reports health', async () => {
    const r = await t.server.inject({ method: 'GET', url: '/healthz' })
    expect(r.json()).toEqual({ status: 'ok' })
  })

  it('counts requests by route pattern in Prometheus format', async () => {
    await t.call('GET', `/api/v1/apps/${t.app.id}`)
    const text = (await t.server.inject({ method: 'GET', url: '/metrics' })).body
    expect(text).toMatch(
      /satchel_http_requests_total\{method="GET",route="\/api\/v1\/apps\/:app_id",status="200"\} \d+/,
    )
    expect(text).toContain('satchel_http_request_duration_seconds_bucket')
  })

  it('publishes an OpenAPI 3.1 document listing the routes', async () => {
    const doc = (await t.server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json()
    expect(doc.openapi).toBe('3.1.0')
    for (const path of [
      '/api/v1/sessions',
      '/api/v1/passwordless/init',
      '/api/v1/passwordless_sms/authenticate',
      '/api/v1/guest/authenticate',
      '/api/v1/custom_jwt_account/authenticate',
      '/api/v1/users/me',
      '/api/v1/analytics_events',
    ])
      expect(Object.keys(doc.paths)).toContain(path)
  })

  it('gives each response a request id and echoes a sane one', async () => {
    const r = await t.server.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    })
    expect(r.headers['x-request-id']).toBe('abc-123')
  })

  it('answers unknown routes with the catalogue shape', async () => {
    const r = await t.server.inject({ method: 'GET', url: '/api/v1/nothing-here' })
    expectAnswer(r, 404, { error: 'Not found', code: 'not_found' })
  })

  it('shows the public app config without secrets', async () => {
    const r = await t.call('GET', `/api/v1/apps/${t.app.id}`)
    expect(r.json()).toMatchObject({ id: t.app.id, name: 'Test App', mode: 'development' })
    expect(r.body).not.toContain(t.appSecret)
  })
})

describe('secrets never reach the logs', () => {
  it('logs no code, token or refresh token during a login and refresh', async () => {
    const login = await t.loginWithEmail('logs@example.com')
    await t.call('POST', '/api/v1/sessions', {
      body: { refresh_token: login.refresh_token },
      token: login.token,
    })
    const code = (await t.call('GET', '/api/v1/dev/outbox?to=logs@example.com'))
      .json()
      .messages[0].text.match(/\d{6}/)[0]
    const all = logLines.join('\n')
    expect(all.length).toBeGreaterThan(0)
    expect(all).toContain('one-time code sent')
    for (const secret of [code, login.token, login.refresh_token]) expect(all).not.toContain(secret)
  })
})

describe('analytics', () => {
  it('stores events with secret-looking fields removed', async () => {
    const r = await t.call('POST', '/api/v1/analytics_events', {
      body: {
        event_name: 'modal_open',
        client_id: 'c1',
        payload: { screen: 'email', code: '123456', note: 'ey1234567890abc.ey1234567890abc.sig', n: 3 },
      },
    })
    expect(r.statusCode).toBe(200)
    const [row] = await t.database.db.query<{ payload: unknown }>(
      `select payload from analytics_events where event_name = 'modal_open'`,
    )
    expect(row?.payload).toEqual({ screen: 'email', note: '[redacted]', n: 3 })
  })

  it('refuses an oversized payload', async () => {
    const r = await t.call('POST', '/api/v1/analytics_events', {
      body: { event_name: 'big', payload: { blob: 'x'.repeat(5000) } },
    })
    expect(r.statusCode).toBe(400)
    expect(r.json().code).toBe('invalid_data')
  })
})
