import { MFA_VERIFICATION_TTL_SECONDS } from '@satchel/core'
import { Secret } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireMfa, userHasMfa } from '../src/identity/guards/requireMfa'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { expectListedInOpenApi } from './support/expectListedInOpenApi'
import { createMfaSteps, STEP_MS } from './support/mfaSteps'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t.close())

const { totpCode, wrongTotpCode, signIn, post, withTotp, verifyTotp } = createMfaSteps(() => t)

describe('TOTP', () => {
  it('init gives a base32 secret, an otpauth URI for the app and the user, and its QR code', async () => {
    const login = await signIn('totp-init@example.com')
    const r = await post('/api/v1/mfa/totp/init', login.token)
    expect(r.statusCode).toBe(200)
    const { secret, otpauth_uri, qr_svg } = r.json()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauth_uri).toBe(
      `otpauth://totp/Test%20App:totp-init%40example.com?issuer=Test%20App&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    )
    expect(qr_svg).toMatch(/^<svg/)
    // Pending until a code proves the app holds the secret: not yet a second factor.
    expect(await userHasMfa(t.server.satchel, login.user.id)).toBe(false)
  })

  it('enrols with a code from the authenticator, and the user then lists totp (in /users/me and at login)', async () => {
    const { token, secret } = await withTotp('totp-enrol@example.com')
    expect(secret).toBeTruthy()
    expect((await t.call('GET', '/api/v1/users/me', { token })).json().user.mfa_methods).toEqual(['totp'])
    const again = await signIn('totp-enrol@example.com')
    expect((again.user as unknown as { mfa_methods: string[] }).mfa_methods).toEqual(['totp'])
  })

  it('keeps the secret sealed at rest', async () => {
    const { userId, secret } = await withTotp('totp-sealed@example.com')
    const [row] = await t.database.db.query<{ sealed_secret: Buffer }>(
      "select sealed_secret from mfa_methods where user_id = $1 and type = 'totp'",
      [userId],
    )
    const raw = Buffer.from(Secret.fromBase32(secret).bytes)
    expect(row?.sealed_secret.includes(raw)).toBe(false)
  })

  it('refuses a second enrolment: mfa_already_enrolled (after the step-up every MFA change needs)', async () => {
    const { token, secret } = await withTotp('totp-twice@example.com')
    expect((await post('/api/v1/mfa/totp/init', token)).json().code).toBe('missing_or_invalid_mfa')
    const r = await post('/api/v1/mfa/totp/init', token, { mfa: await verifyTotp(token, secret) })
    expectAnswer(r, 409, { error: 'This MFA method is already enrolled', code: 'mfa_already_enrolled' })
  })

  it('verify answers an MFA token; a wrong code is invalid_credentials', async () => {
    const { token, secret } = await withTotp('totp-verify@example.com')
    const wrong = await post('/api/v1/mfa/totp/verify', token, { body: { code: wrongTotpCode(secret) } })
    expectAnswer(wrong, 401, { error: 'The code is wrong', code: 'invalid_credentials' })
    const mfaToken = await verifyTotp(token, secret)
    expect(mfaToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('accepts a code once: the same code replayed in its window is refused', async () => {
    const { token, secret } = await withTotp('totp-replay@example.com')
    const code = totpCode(secret)
    expect((await post('/api/v1/mfa/totp/verify', token, { body: { code } })).statusCode).toBe(200)
    const replay = await post('/api/v1/mfa/totp/verify', token, { body: { code } })
    expectAnswer(replay, 401, {
      error: 'This code was already used; wait for the next one',
      code: 'invalid_credentials',
    })
    // Still refused a few seconds later, inside the same time step.
    t.clock.advance(1000)
    expect((await post('/api/v1/mfa/totp/verify', token, { body: { code } })).json().code).toBe(
      'invalid_credentials',
    )
  })

  it('accepts the previous step (a code typed at the boundary) but not one from two steps ago', async () => {
    const { token, secret } = await withTotp('totp-window@example.com')
    t.clock.advance(STEP_MS) // so the previous step is not the enrolment's own (already used) step
    const previous = totpCode(secret, t.clock.now - STEP_MS)
    expect((await post('/api/v1/mfa/totp/verify', token, { body: { code: previous } })).statusCode).toBe(200)
    const stale = totpCode(secret, t.clock.now - 3 * STEP_MS)
    const valid = [-1, 0, 1].map((d) => totpCode(secret, t.clock.now + d * STEP_MS))
    if (!valid.includes(stale))
      expect((await post('/api/v1/mfa/totp/verify', token, { body: { code: stale } })).statusCode).toBe(401)
  })

  it('after 5 wrong codes, the 6th try is refused even with the right code', async () => {
    const { token, secret } = await withTotp('totp-guess@example.com')
    const wrong = wrongTotpCode(secret)
    for (let i = 0; i < 5; i++) {
      const r = await post('/api/v1/mfa/totp/verify', token, { body: { code: wrong } })
      expect(r.json().code).toBe('invalid_credentials')
    }
    const sixth = await post('/api/v1/mfa/totp/verify', token, { body: { code: totpCode(secret) } })
    expectAnswer(sixth, 429, { error: 'Too many requests, try again later', code: 'too_many_requests' })
  })

  it("a thief's wrong codes from a stolen session never lock the owner's TOTP on their own device", async () => {
    const { token, secret } = await withTotp('totp-victim@example.com')
    const thief = await signIn('totp-victim@example.com')
    const wrong = wrongTotpCode(secret)
    for (let i = 0; i < 6; i++)
      await t.call('POST', '/api/v1/mfa/totp/verify', {
        token: thief.token,
        body: { code: wrong },
        ip: '203.0.113.10',
      })
    const held = await t.call('POST', '/api/v1/mfa/totp/verify', {
      token: thief.token,
      body: { code: totpCode(secret) },
      ip: '203.0.113.10',
    })
    expect(held.statusCode).toBe(429)
    const owner = await t.call('POST', '/api/v1/mfa/totp/verify', {
      token,
      body: { code: totpCode(secret) },
      ip: '198.51.100.40',
    })
    expect(owner.statusCode, owner.body).toBe(200)
  })

  it('bounds guessing across sessions and addresses: 10 wrong codes in 10 minutes close TOTP for the user', async () => {
    const { secret } = await withTotp('totp-walk@example.com')
    const wrong = wrongTotpCode(secret)
    const answers: number[] = []
    for (const ip of ['203.0.113.21', '203.0.113.22', '203.0.113.23']) {
      const session = await signIn('totp-walk@example.com')
      for (let i = 0; i < 4; i++)
        answers.push(
          (
            await t.call('POST', '/api/v1/mfa/totp/verify', {
              token: session.token,
              body: { code: wrong },
              ip,
            })
          ).statusCode,
        )
    }
    expect(answers).toEqual([...Array(10).fill(401), 429, 429])
  })

  it('refuses verify for a user without TOTP', async () => {
    const login = await signIn('totp-none@example.com')
    const r = await post('/api/v1/mfa/totp/verify', login.token, { body: { code: '123456' } })
    expectAnswer(r, 400, { error: 'This MFA method is not enrolled', code: 'invalid_data' })
  })

  it('refuses enroll before init, and a malformed code', async () => {
    const login = await signIn('totp-early@example.com')
    expect((await post('/api/v1/mfa/totp/enroll', login.token, { body: { code: '123456' } })).json()).toEqual(
      {
        error: 'Start TOTP enrolment with /api/v1/mfa/totp/init first',
        code: 'invalid_data',
      },
    )
    expect(
      (await post('/api/v1/mfa/totp/verify', login.token, { body: { code: '12345' } })).json().code,
    ).toBe('invalid_data')
  })

  it('needs a signed-in user', async () => {
    const r = await t.call('POST', '/api/v1/mfa/totp/init')
    expect(r.json().code).toBe('must_be_authenticated')
  })
})

describe('MFA tokens and unenrolment', () => {
  it('unenroll needs a fresh MFA token: refused without one, then done with one', async () => {
    const { token, secret } = await withTotp('unenrol@example.com')
    const bare = await post('/api/v1/mfa/totp/unenroll', token)
    expectAnswer(bare, 403, {
      error: 'Verify your second factor first: this action needs a fresh MFA verification',
      code: 'missing_or_invalid_mfa',
    })
    const forged = await post('/api/v1/mfa/totp/unenroll', token, { mfa: 'not-a-real-token' })
    expect(forged.json().code).toBe('missing_or_invalid_mfa')
    const mfa = await verifyTotp(token, secret)
    const r = await post('/api/v1/mfa/totp/unenroll', token, { mfa })
    expectAnswer(r, 200, { mfa_methods: [] })
    expect((await t.call('GET', '/api/v1/users/me', { token })).json().user.mfa_methods).toEqual([])
  })

  it('an MFA token expires after 15 minutes', async () => {
    const { token, secret } = await withTotp('stale@example.com')
    const mfa = await verifyTotp(token, secret)
    t.clock.advance(MFA_VERIFICATION_TTL_SECONDS * 1000)
    const r = await post('/api/v1/mfa/totp/unenroll', token, { mfa })
    expect(r.statusCode).toBe(403)
    expect(r.json().code).toBe('missing_or_invalid_mfa')
  })

  it('an MFA token is still good just before 15 minutes (minus the step the helper moved)', async () => {
    const { token, secret } = await withTotp('fresh@example.com')
    const mfa = await verifyTotp(token, secret)
    t.clock.advance(MFA_VERIFICATION_TTL_SECONDS * 1000 - STEP_MS - 1000)
    expect((await post('/api/v1/mfa/totp/unenroll', token, { mfa })).statusCode).toBe(200)
  })

  it('an MFA token of one session is refused in another session of the same user', async () => {
    const { token, secret } = await withTotp('two-sessions@example.com')
    const mfa = await verifyTotp(token, secret)
    const other = await signIn('two-sessions@example.com')
    const r = await post('/api/v1/mfa/totp/unenroll', other.token, { mfa })
    expect(r.json().code).toBe('missing_or_invalid_mfa')
  })

  it('requireMfa (used by wallets) reads satchel-mfa-token and checks the session', async () => {
    const { token, secret, userId } = await withTotp('require@example.com')
    const mfa = await verifyTotp(token, secret)
    const [session] = await t.database.db.query<{ id: string }>(
      'select id from sessions where user_id = $1',
      [userId],
    )
    const auth = { app: t.app, userId, sessionId: session?.id ?? '', sessionPublicKey: null }
    const request = (headers: Record<string, string>) =>
      ({ headers }) as unknown as Parameters<typeof requireMfa>[1]
    await expect(
      requireMfa(t.server.satchel, request({ 'satchel-mfa-token': mfa }), auth),
    ).resolves.toBeUndefined()
    await expect(requireMfa(t.server.satchel, request({}), auth)).rejects.toMatchObject({
      code: 'missing_or_invalid_mfa',
    })
    await expect(
      requireMfa(t.server.satchel, request({ 'satchel-mfa-token': mfa }), {
        ...auth,
        sessionId: 'ses_other',
      }),
    ).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' })
  })

  it('adding a second factor is an MFA change: the enrolment is refused without a fresh MFA token', async () => {
    const { token, secret } = await withTotp('second-factor@example.com')
    // The code to the new number is sent (it is only pending until enrolled)...
    const init = await post('/api/v1/mfa/passwordless_sms/init', token, {
      body: { phone_number: '+14155550201' },
    })
    expect(init.statusCode).toBe(200)
    const code = await t.latestCode('+14155550201')
    // ...but it becomes a factor only with the existing one passed.
    const bare = await post('/api/v1/mfa/passwordless_sms/enroll', token, { body: { code } })
    expect(bare.json().code).toBe('missing_or_invalid_mfa')
    const mfa = await verifyTotp(token, secret)
    const enroll = await post('/api/v1/mfa/passwordless_sms/enroll', token, { body: { code }, mfa })
    expect(enroll.json()).toEqual({ mfa_methods: ['totp', 'sms'] })
  })
})

describe('SMS MFA', () => {
  async function withSms(email: string, phone: string) {
    const login = await signIn(email)
    const init = await post('/api/v1/mfa/passwordless_sms/init', login.token, {
      body: { phone_number: phone },
    })
    expect(init.statusCode).toBe(200)
    const enroll = await post('/api/v1/mfa/passwordless_sms/enroll', login.token, {
      body: { code: await t.latestCode(phone) },
    })
    expect(enroll.json()).toEqual({ mfa_methods: ['sms'] })
    return login
  }

  it('enrols a number with a texted code, then verifies with a new code to the enrolled number', async () => {
    const login = await withSms('sms-mfa@example.com', '+14155550101')
    const outbox = (await t.call('GET', '/api/v1/dev/outbox?to=%2B14155550101')).json()
    expect(outbox.messages[0].text).toMatch(
      /^\d{6} is your Test App verification code\. It expires in 10 minutes\./,
    )
    expect((await post('/api/v1/mfa/passwordless_sms/init', login.token)).statusCode).toBe(200)
    const r = await post('/api/v1/mfa/passwordless_sms/verify', login.token, {
      body: { code: await t.latestCode('+14155550101') },
    })
    expect(r.statusCode).toBe(200)
    expect(r.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('an MFA code is not a login code for that phone', async () => {
    const login = await withSms('sms-not-login@example.com', '+14155550102')
    await post('/api/v1/mfa/passwordless_sms/init', login.token)
    const code = await t.latestCode('+14155550102')
    // Not with a login flow of that number either.
    const login2 = await t.call('POST', '/api/v1/passwordless_sms/init', {
      body: { phone_number: '+14155550102' },
    })
    const r = await t.call('POST', '/api/v1/passwordless_sms/authenticate', {
      body: { phone_number: '+14155550102', code, flow_id: login2.json().flow_id },
    })
    expect(r.json().code).toBe('invalid_credentials')
  })

  it('a code works once', async () => {
    const login = await withSms('sms-once@example.com', '+14155550103')
    await post('/api/v1/mfa/passwordless_sms/init', login.token)
    const code = await t.latestCode('+14155550103')
    expect(
      (await post('/api/v1/mfa/passwordless_sms/verify', login.token, { body: { code } })).statusCode,
    ).toBe(200)
    expect(
      (await post('/api/v1/mfa/passwordless_sms/verify', login.token, { body: { code } })).json().code,
    ).toBe('invalid_credentials')
  })

  it('after 5 wrong codes the code is burnt: the right code is then told to request a new one', async () => {
    const login = await withSms('sms-guess@example.com', '+14155550104')
    await post('/api/v1/mfa/passwordless_sms/init', login.token)
    const code = await t.latestCode('+14155550104')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) {
      const r = await post('/api/v1/mfa/passwordless_sms/verify', login.token, { body: { code: wrong } })
      expect(r.json()).toEqual({ error: 'The code is wrong or has expired', code: 'invalid_credentials' })
    }
    const fifth = await post('/api/v1/mfa/passwordless_sms/verify', login.token, { body: { code: wrong } })
    expect(fifth.json().code).toBe('code_attempts_exceeded')
    const right = await post('/api/v1/mfa/passwordless_sms/verify', login.token, { body: { code } })
    expect(right.statusCode).toBe(429)
    expect(right.json().code).toBe('code_attempts_exceeded')
    await post('/api/v1/mfa/passwordless_sms/init', login.token)
    const fresh = await t.latestCode('+14155550104')
    expect(
      (await post('/api/v1/mfa/passwordless_sms/verify', login.token, { body: { code: fresh } })).statusCode,
    ).toBe(200)
  })

  it("a thief's wrong codes in their session never burn the code texted to the owner's session", async () => {
    const owner = await withSms('sms-victim@example.com', '+14155550111')
    const thief = await signIn('sms-victim@example.com')
    await post('/api/v1/mfa/passwordless_sms/init', owner.token)
    const code = await t.latestCode('+14155550111')
    await post('/api/v1/mfa/passwordless_sms/init', thief.token)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 6; i++)
      await post('/api/v1/mfa/passwordless_sms/verify', thief.token, { body: { code: wrong } })
    // Nor can the thief's session spend the owner's code: it only learns its own code is burnt.
    expect(
      (await post('/api/v1/mfa/passwordless_sms/verify', thief.token, { body: { code } })).json().code,
    ).toBe('code_attempts_exceeded')
    const r = await post('/api/v1/mfa/passwordless_sms/verify', owner.token, { body: { code } })
    expect(r.statusCode, r.body).toBe(200)
  })

  it("a thief's session cannot use up the texts of the owner's session", async () => {
    const owner = await withSms('sms-spent@example.com', '+14155550112')
    const thief = await signIn('sms-spent@example.com')
    const thiefAnswers: number[] = []
    for (let i = 0; i < 6; i++)
      thiefAnswers.push((await post('/api/v1/mfa/passwordless_sms/init', thief.token)).statusCode)
    expect(thiefAnswers).toEqual([200, 200, 200, 200, 200, 429])
    expect((await post('/api/v1/mfa/passwordless_sms/init', owner.token)).statusCode).toBe(200)
  })

  it('SMS MFA has its own limit: a flood of login inits for the number does not stop its MFA texts', async () => {
    const owner = await withSms('sms-flood@example.com', '+14155550113')
    for (let i = 0; i < 12; i++)
      await t.call('POST', '/api/v1/passwordless_sms/init', {
        body: { phone_number: '+14155550113' },
        ip: `203.0.113.${30 + (i % 3)}`,
      })
    expect((await post('/api/v1/mfa/passwordless_sms/init', owner.token)).statusCode).toBe(200)
  })

  it('a code expires after 10 minutes', async () => {
    const login = await withSms('sms-late@example.com', '+14155550105')
    await post('/api/v1/mfa/passwordless_sms/init', login.token)
    const code = await t.latestCode('+14155550105')
    t.clock.advance(10 * 60 * 1000 + 1)
    expect(
      (await post('/api/v1/mfa/passwordless_sms/verify', login.token, { body: { code } })).json().code,
    ).toBe('invalid_credentials')
  })

  it('limits how many codes are texted', async () => {
    const login = await withSms('sms-spam@example.com', '+14155550106')
    const answers = []
    for (let i = 0; i < 5; i++)
      answers.push((await post('/api/v1/mfa/passwordless_sms/init', login.token)).statusCode)
    // The enrolment text was the first of five for this user.
    expect(answers).toEqual([200, 200, 200, 200, 429])
  })

  it('init without a number before enrolment is invalid_data; with another number after it, mfa_already_enrolled', async () => {
    const fresh = await signIn('sms-nonumber@example.com')
    expect((await post('/api/v1/mfa/passwordless_sms/init', fresh.token)).json()).toEqual({
      error: 'Invalid request data: phone_number',
      code: 'invalid_data',
    })
    const login = await withSms('sms-other-number@example.com', '+14155550107')
    const r = await post('/api/v1/mfa/passwordless_sms/init', login.token, {
      body: { phone_number: '+14155550108' },
    })
    expect(r.json().code).toBe('mfa_already_enrolled')
  })

  it('unenroll needs a fresh MFA token', async () => {
    const login = await withSms('sms-unenrol@example.com', '+14155550109')
    expect((await post('/api/v1/mfa/passwordless_sms/unenroll', login.token)).json().code).toBe(
      'missing_or_invalid_mfa',
    )
    await post('/api/v1/mfa/passwordless_sms/init', login.token)
    const verify = await post('/api/v1/mfa/passwordless_sms/verify', login.token, {
      body: { code: await t.latestCode('+14155550109') },
    })
    const r = await post('/api/v1/mfa/passwordless_sms/unenroll', login.token, { mfa: verify.json().token })
    expect(r.json()).toEqual({ mfa_methods: [] })
  })
})

describe('OpenAPI', () => {
  it('lists the MFA and linking routes', async () => {
    await expectListedInOpenApi(t, [
      '/api/v1/mfa/totp/init',
      '/api/v1/mfa/totp/enroll',
      '/api/v1/mfa/totp/verify',
      '/api/v1/mfa/totp/unenroll',
      '/api/v1/mfa/passwordless_sms/init',
      '/api/v1/mfa/passwordless_sms/enroll',
      '/api/v1/mfa/passwordless_sms/verify',
      '/api/v1/mfa/passwordless_sms/unenroll',
      '/api/v1/passwordless/link',
      '/api/v1/passwordless/unlink',
      '/api/v1/passwordless_sms/link',
      '/api/v1/passwordless_sms/unlink',
    ])
  })
})
