import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t.close())

describe('email codes', () => {
  it('signs a new user up, then the same user in, with codes read from the outbox', async () => {
    const first = await t.loginWithEmail('Ada@Example.com')
    expect(first.is_new_user).toBe(true)
    expect(first.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: 'ada@example.com' }),
    ])
    expect(first.token.split('.')).toHaveLength(3)
    const again = await t.loginWithEmail('ada@example.com')
    expect(again.is_new_user).toBe(false)
    expect(again.user.id).toBe(first.user.id)
  })

  it('sends a message a person can read, with the code and the app name', async () => {
    await t.call('POST', '/api/v1/passwordless/init', { body: { email: 'read@example.com' } })
    const outbox = (await t.call('GET', '/api/v1/dev/outbox?to=read@example.com')).json()
    expect(outbox.messages[0]).toMatchObject({ channel: 'email', to: 'read@example.com' })
    expect(outbox.messages[0].subject).toMatch(/^\d{6} is your Test App login code$/)
    expect(outbox.messages[0].text).toContain('expires in 10 minutes')
  })

  it('refuses a code after 10 minutes', async () => {
    const { code, flowId } = await t.sendCode('late@example.com')
    t.clock.advance(10 * 60 * 1000 + 1)
    const response = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email: 'late@example.com', code, flow_id: flowId },
    })
    expectAnswer(response, 401, {
      error: 'The code is wrong or has expired',
      code: 'invalid_credentials',
    })
  })

  it('kills a code after 5 wrong tries with its flow: from the 5th, even the right code is told to request a new one', async () => {
    const { code, flowId } = await t.sendCode('guess@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    const attempt = (tried: string) =>
      t.call('POST', '/api/v1/passwordless/authenticate', {
        body: { email: 'guess@example.com', code: tried, flow_id: flowId },
      })
    for (let i = 0; i < 4; i++) expect((await attempt(wrong)).json().code).toBe('invalid_credentials')
    const fifth = await attempt(wrong)
    expectAnswer(fifth, 429, {
      error: 'Too many wrong tries: this code no longer works. Request a new code',
      code: 'code_attempts_exceeded',
    })
    const sixth = await attempt(code)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().code).toBe('code_attempts_exceeded')
    // A new code is a new flow: it works.
    const fresh = await t.sendCode('guess@example.com')
    const again = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email: 'guess@example.com', code: fresh.code, flow_id: fresh.flowId },
    })
    expect(again.statusCode).toBe(200)
  })

  it('accepts a code once only', async () => {
    const { code, flowId } = await t.sendCode('once@example.com')
    const body = { email: 'once@example.com', code, flow_id: flowId }
    expect((await t.call('POST', '/api/v1/passwordless/authenticate', { body })).statusCode).toBe(200)
    expect((await t.call('POST', '/api/v1/passwordless/authenticate', { body })).json().code).toBe(
      'invalid_credentials',
    )
  })

  it('a database dump holds no pending code: only a hash keyed with the encryption key', async () => {
    const { code } = await t.sendCode('dumped@example.com')
    const rows = await t.database.db.query<{ code_hash: Buffer }>(
      "select * from verification_codes where identifier = 'dumped@example.com'",
    )
    expect(rows).toHaveLength(1)
    const dump = JSON.stringify(rows, (_key, value) =>
      value?.type === 'Buffer' ? Buffer.from(value.data).toString('hex') : value,
    )
    expect(dump).not.toContain(code)
    // Every 6-digit code hashed without the server's key: none is what the table holds, so the dump
    // alone cannot test the million guesses offline.
    const stored = rows[0]?.code_hash.toString('hex')
    const matches: string[] = []
    for (let guess = 0; guess < 1_000_000; guess++) {
      const candidate = String(guess).padStart(6, '0')
      if (createHash('sha256').update(candidate).digest('hex') === stored) matches.push(candidate)
    }
    expect(matches).toEqual([])
  })

  it('a code works only with the flow_id of the init that sent it', async () => {
    const first = await t.sendCode('twice@example.com')
    const second = await t.sendCode('twice@example.com')
    const authenticate = (code: string, flowId: string) =>
      t.call('POST', '/api/v1/passwordless/authenticate', {
        body: { email: 'twice@example.com', code, flow_id: flowId },
      })
    if (first.code !== second.code)
      expect((await authenticate(first.code, second.flowId)).json().code).toBe('invalid_credentials')
    // A later code does not void an earlier one: each flow keeps its own.
    expect((await authenticate(first.code, first.flowId)).statusCode).toBe(200)
    expect((await authenticate(second.code, second.flowId)).statusCode).toBe(200)
  })

  it('limits how many codes one address can be sent from one client address', async () => {
    const codes = []
    for (let i = 0; i < 6; i++)
      codes.push(await t.call('POST', '/api/v1/passwordless/init', { body: { email: 'spam@example.com' } }))
    expect(codes.slice(0, 5).every((r) => r.statusCode === 200)).toBe(true)
    expect(codes[5]?.statusCode).toBe(429)
    expect(codes[5]?.json()).toEqual({
      error: 'Too many requests, try again later',
      code: 'too_many_requests',
    })
  })

  it("a stranger's init flood from one IP does not stop the owner getting a code from another", async () => {
    const email = 'flooded@example.com'
    for (let i = 0; i < 20; i++)
      await t.call('POST', '/api/v1/passwordless/init', { body: { email }, ip: '203.0.113.7' })
    const { code, flowId } = await t.sendCode(email, { ip: '198.51.100.20' })
    const r = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email, code, flow_id: flowId },
      ip: '198.51.100.20',
    })
    expect(r.statusCode).toBe(200)
  })

  it("strangers' wrong guesses never burn the owner's code: without its flow_id they cannot even try it", async () => {
    const email = 'targeted@example.com'
    const owner = await t.sendCode(email)
    // The stranger asks for codes of their own and guesses, with their flows and with none.
    const stranger = await t.call('POST', '/api/v1/passwordless/init', { body: { email }, ip: '203.0.113.8' })
    const wrong = owner.code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 10; i++) {
      const guess = await t.call('POST', '/api/v1/passwordless/authenticate', {
        body: { email, code: wrong, flow_id: stranger.json().flow_id },
        ip: '203.0.113.8',
      })
      expect(guess.json().code).toBe(i < 4 ? 'invalid_credentials' : 'code_attempts_exceeded')
    }
    const flowless = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email, code: wrong },
      ip: '203.0.113.8',
    })
    expect(flowless.json()).toEqual({ error: 'Invalid request data: flow_id', code: 'invalid_data' })
    const r = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email, code: owner.code, flow_id: owner.flowId },
    })
    expect(r.statusCode).toBe(200)
  })

  it('with mode no-signup refuses an unknown user', async () => {
    const { code, flowId } = await t.sendCode('nobody@example.com')
    const r = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email: 'nobody@example.com', code, flow_id: flowId, mode: 'no-signup' },
    })
    expect(r.statusCode).toBe(404)
    expect(r.json().code).toBe('user_does_not_exist')
  })

  it('refuses bad input with invalid_data, naming the fields and never echoing values', async () => {
    const missing = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email: 'x@example.com' },
    })
    expectAnswer(missing, 400, { error: 'Invalid request data: code, flow_id', code: 'invalid_data' })
    const badEmail = await t.call('POST', '/api/v1/passwordless/init', { body: { email: 'not-an-email' } })
    expect(badEmail.json().code).toBe('invalid_data')
    const badCode = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email: 'x@example.com', code: '12ab56' },
    })
    expect(badCode.json().code).toBe('invalid_data')
    expect(badCode.body).not.toContain('12ab56')
  })

  it('refuses a call from an origin the app does not allow', async () => {
    const r = await t.call('POST', '/api/v1/passwordless/init', {
      body: { email: 'o@example.com' },
      origin: 'https://evil.example',
    })
    expectAnswer(r, 403, { error: 'Origin not allowed for this app', code: 'invalid_origin' })
  })

  it('refuses an oversized body', async () => {
    const r = await t.call('POST', '/api/v1/passwordless/init', {
      body: { email: 'big@example.com', pad: 'x'.repeat(200_000) },
    })
    expect(r.statusCode).toBe(413)
    expect(r.json().code).toBe('payload_too_large')
  })

  it('refuses a request without an app id, or for an unknown app', async () => {
    expect(
      (
        await t.call('POST', '/api/v1/passwordless/init', { body: { email: 'a@example.com' }, appId: null })
      ).json().code,
    ).toBe('app_not_found')
    expect(
      (
        await t.call('POST', '/api/v1/passwordless/init', {
          body: { email: 'a@example.com' },
          appId: 'app_nope',
        })
      ).json().code,
    ).toBe('app_not_found')
  })

  it('answers a CORS preflight for an allowed origin only', async () => {
    const preflight = (origin: string) =>
      t.server.inject({
        method: 'OPTIONS',
        url: '/api/v1/passwordless/init',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,satchel-app-id',
        },
      })
    expect((await preflight(ORIGIN)).headers['access-control-allow-origin']).toBe(ORIGIN)
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('SMS codes', () => {
  it('signs in by text, with the number in E.164 (default country US)', async () => {
    const init = await t.call('POST', '/api/v1/passwordless_sms/init', {
      body: { phone_number: '(415) 555-2671' },
    })
    const code = await t.latestCode('+14155552671')
    const r = await t.call('POST', '/api/v1/passwordless_sms/authenticate', {
      body: { phone_number: '+1 415 555 2671', code, flow_id: init.json().flow_id },
    })
    expect(r.statusCode).toBe(200)
    expect(r.json().user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'phone', number: '+14155552671' }),
    ])
  })

  it('refuses an impossible number with invalid_data', async () => {
    const r = await t.call('POST', '/api/v1/passwordless_sms/init', { body: { phone_number: '+1 12' } })
    expectAnswer(r, 400, { error: 'This phone number is not possible', code: 'invalid_data' })
  })
})

describe('app rules', () => {
  it('refuses a login method the app has not enabled', async () => {
    const { app } = await t.createApp({ loginMethods: ['guest'] })
    const r = await t.call('POST', '/api/v1/passwordless/init', {
      appId: app.id,
      body: { email: 'm@example.com' },
    })
    expect(r.statusCode).toBe(403)
    expect(r.json().code).toBe('disallowed_login_method')
  })

  it('in development mode caps sign-ups with the upgrade notice, while existing users still log in', async () => {
    const { app } = await t.createApp()
    await t.server.satchel.apps.updateApp(app.id, { devUserLimit: 1 })
    await t.loginWithEmail('first@example.com', { appId: app.id })
    const { code, flowId } = await t.sendCode('second@example.com', { appId: app.id })
    const r = await t.call('POST', '/api/v1/passwordless/authenticate', {
      appId: app.id,
      body: { email: 'second@example.com', code, flow_id: flowId },
    })
    expectAnswer(r, 403, {
      error: 'This application is in development mode and must be upgraded to production to log in new users',
      code: 'development_mode_user_limit',
    })
    expect((await t.loginWithEmail('first@example.com', { appId: app.id })).is_new_user).toBe(false)
  })

  it("never stores a production app's code in the outbox: without SMTP the send is refused", async () => {
    const { app } = await t.createApp({ mode: 'production' })
    const init = await t.call('POST', '/api/v1/passwordless/init', {
      appId: app.id,
      body: { email: 'prod@example.com' },
    })
    expectAnswer(init, 503, {
      error: 'Email cannot be sent: no SMTP server is configured',
      code: 'delivery_not_configured',
    })
    expect(
      await t.database.db.query(`select 1 from dev_outbox where recipient = 'prod@example.com'`),
    ).toEqual([])
    const r = await t.call('GET', '/api/v1/dev/outbox?to=prod@example.com', { appId: app.id })
    expect(r.statusCode).toBe(404)
  })
})
