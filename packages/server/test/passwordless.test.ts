import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, startTestServer, type TestServer } from './harness'

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
    await t.call('POST', '/api/v1/passwordless/init', { body: { email: 'late@example.com' } })
    const code = await t.latestCode('late@example.com')
    t.clock.advance(10 * 60 * 1000 + 1)
    const response = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email: 'late@example.com', code },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      error: 'The code is wrong or has expired',
      code: 'invalid_credentials',
    })
  })

  it('kills a code after 5 wrong tries: the 6th try fails even with the right code', async () => {
    await t.call('POST', '/api/v1/passwordless/init', { body: { email: 'guess@example.com' } })
    const code = await t.latestCode('guess@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/v1/passwordless/authenticate', {
        body: { email: 'guess@example.com', code: wrong },
      })
      expect(r.json().code).toBe('invalid_credentials')
    }
    const sixth = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email: 'guess@example.com', code },
    })
    expect(sixth.statusCode).toBe(401)
    expect(sixth.json().code).toBe('invalid_credentials')
  })

  it('accepts a code once only', async () => {
    await t.call('POST', '/api/v1/passwordless/init', { body: { email: 'once@example.com' } })
    const code = await t.latestCode('once@example.com')
    const body = { email: 'once@example.com', code }
    expect((await t.call('POST', '/api/v1/passwordless/authenticate', { body })).statusCode).toBe(200)
    expect((await t.call('POST', '/api/v1/passwordless/authenticate', { body })).json().code).toBe(
      'invalid_credentials',
    )
  })

  it('a new code replaces the old one', async () => {
    await t.call('POST', '/api/v1/passwordless/init', { body: { email: 'twice@example.com' } })
    const old = await t.latestCode('twice@example.com')
    await t.call('POST', '/api/v1/passwordless/init', { body: { email: 'twice@example.com' } })
    const latest = await t.latestCode('twice@example.com')
    if (old !== latest) {
      const r = await t.call('POST', '/api/v1/passwordless/authenticate', {
        body: { email: 'twice@example.com', code: old },
      })
      expect(r.json().code).toBe('invalid_credentials')
    }
    const r = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email: 'twice@example.com', code: latest },
    })
    expect(r.statusCode).toBe(200)
  })

  it('limits how many codes one address can be sent', async () => {
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

  it('with mode no-signup refuses an unknown user', async () => {
    await t.call('POST', '/api/v1/passwordless/init', { body: { email: 'nobody@example.com' } })
    const code = await t.latestCode('nobody@example.com')
    const r = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email: 'nobody@example.com', code, mode: 'no-signup' },
    })
    expect(r.statusCode).toBe(404)
    expect(r.json().code).toBe('user_does_not_exist')
  })

  it('refuses bad input with invalid_data, naming the fields and never echoing values', async () => {
    const missing = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email: 'x@example.com' },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ error: 'Invalid request data: code', code: 'invalid_data' })
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
    expect(r.statusCode).toBe(403)
    expect(r.json()).toEqual({ error: 'Origin not allowed for this app', code: 'invalid_origin' })
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
    await t.call('POST', '/api/v1/passwordless_sms/init', { body: { phone_number: '(415) 555-2671' } })
    const code = await t.latestCode('+14155552671')
    const r = await t.call('POST', '/api/v1/passwordless_sms/authenticate', {
      body: { phone_number: '+1 415 555 2671', code },
    })
    expect(r.statusCode).toBe(200)
    expect(r.json().user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'phone', number: '+14155552671' }),
    ])
  })

  it('refuses an impossible number with invalid_data', async () => {
    const r = await t.call('POST', '/api/v1/passwordless_sms/init', { body: { phone_number: '+1 12' } })
    expect(r.statusCode).toBe(400)
    expect(r.json()).toEqual({ error: 'This phone number is not possible', code: 'invalid_data' })
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
    await t.call('POST', '/api/v1/passwordless/init', {
      appId: app.id,
      body: { email: 'second@example.com' },
    })
    const code = await t.latestCode('second@example.com', app.id)
    const r = await t.call('POST', '/api/v1/passwordless/authenticate', {
      appId: app.id,
      body: { email: 'second@example.com', code },
    })
    expect(r.statusCode).toBe(403)
    expect(r.json()).toEqual({
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
    expect(init.statusCode).toBe(503)
    expect(init.json()).toEqual({
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
