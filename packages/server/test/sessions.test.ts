import { generateKeyPairSync } from 'node:crypto'
import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { userCall } from './walletRequests'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t.close())

const me = (token: string, appId?: string) =>
  t.call('GET', '/api/v1/users/me', { token, ...(appId ? { appId } : {}) })

describe('access tokens', () => {
  it('is an ES256 JWT with sid, sub, iss, aud and a 1 hour life, verifiable with the published JWKS', async () => {
    const login = await t.loginWithEmail('claims@example.com')
    expect(decodeProtectedHeader(login.token).alg).toBe('ES256')
    const claims = decodeJwt(login.token)
    expect(claims).toMatchObject({ sub: login.user.id, iss: 'https://satchel.test', aud: t.app.id })
    expect(typeof claims.sid).toBe('string')
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600)
    const jwks = (await t.call('GET', `/api/v1/apps/${t.app.id}/jwks.json`)).json()
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(decodeProtectedHeader(login.token).kid)
    expect(JSON.stringify(jwks)).not.toMatch(/"d":/)
    const res = await me(login.token)
    expect(res.statusCode).toBe(200)
    expect(res.json().user.id).toBe(login.user.id)
  })

  it('answers must_be_authenticated without a token', async () => {
    const r = await t.call('GET', '/api/v1/users/me')
    expect(r.statusCode).toBe(401)
    expect(r.json()).toEqual({ error: 'User must be authenticated', code: 'must_be_authenticated' })
  })

  it('rejects a token of another app', async () => {
    const other = await t.createApp()
    const login = await t.loginWithEmail('cross@example.com', { appId: other.app.id })
    expect((await me(login.token, other.app.id)).statusCode).toBe(200)
    const r = await me(login.token)
    expect(r.statusCode).toBe(401)
    expect(r.json().code).toBe('missing_or_invalid_token')
  })

  it('rejects alg none, HS256 with the public key as secret, a tampered payload and an expired token', async () => {
    const login = await t.loginWithEmail('forge@example.com')
    const claims = decodeJwt(login.token)
    const kid = decodeProtectedHeader(login.token).kid ?? ''
    const none = new UnsecuredJWT(claims).encode()
    const jwks = (await t.call('GET', `/api/v1/apps/${t.app.id}/jwks.json`)).json()
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid })
      .sign(new TextEncoder().encode(JSON.stringify(jwks.keys[0])))
    const [h, , s] = login.token.split('.')
    const tampered = [
      h,
      Buffer.from(JSON.stringify({ ...claims, sub: 'usr_someone_else' })).toString('base64url'),
      s,
    ].join('.')
    for (const token of [none, hs256, tampered]) {
      const r = await me(token)
      expect(r.statusCode).toBe(401)
      expect(r.json().code).toBe('missing_or_invalid_token')
    }
    t.clock.advance(3600 * 1000 + 1000)
    expect((await me(login.token)).json().code).toBe('missing_or_invalid_token')
  })

  it('rejects a token signed by a key that is not the app’s', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const login = await t.loginWithEmail('foreign@example.com')
    const forged = await new SignJWT(decodeJwt(login.token))
      .setProtectedHeader({ alg: 'ES256', kid: decodeProtectedHeader(login.token).kid ?? '' })
      .sign(privateKey)
    expect((await me(forged)).json().code).toBe('missing_or_invalid_token')
  })
})

describe('refresh tokens', () => {
  it('rotates on every refresh; the new pair works and the old refresh token is spent', async () => {
    const login = await t.loginWithEmail('rotate@example.com')
    const r1 = await t.call('POST', '/api/v1/sessions', { body: { refresh_token: login.refresh_token } })
    expect(r1.statusCode).toBe(200)
    const next = r1.json()
    expect(next.refresh_token).not.toBe(login.refresh_token)
    expect(next.is_new_user).toBe(false)
    expect((await me(next.token)).statusCode).toBe(200)
    const r2 = await t.call('POST', '/api/v1/sessions', { body: { refresh_token: next.refresh_token } })
    expect(r2.statusCode).toBe(200)
  })

  it('revokes the whole family when a spent token is presented again, and audits it', async () => {
    const login = await t.loginWithEmail('reuse@example.com')
    const rotated = (
      await t.call('POST', '/api/v1/sessions', { body: { refresh_token: login.refresh_token } })
    ).json()
    const replay = await t.call('POST', '/api/v1/sessions', { body: { refresh_token: login.refresh_token } })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('missing_or_invalid_token')
    // The legitimate holder's newer tokens die with the family.
    expect(
      (await t.call('POST', '/api/v1/sessions', { body: { refresh_token: rotated.refresh_token } }))
        .statusCode,
    ).toBe(401)
    expect((await me(rotated.token)).json().code).toBe('missing_or_invalid_token')
    const audit = await t.database.db.query<{ action: string; outcome: string }>(
      'select action, outcome from audit_log where user_id = $1 order by id',
      [login.user.id],
    )
    expect(audit).toContainEqual({ action: 'session.refresh_token_reuse', outcome: 'revoked' })
  })

  it('refuses an unknown refresh token and one from another app', async () => {
    expect((await t.call('POST', '/api/v1/sessions', { body: { refresh_token: 'nope' } })).json().code).toBe(
      'missing_or_invalid_token',
    )
    const other = await t.createApp()
    const login = await t.loginWithEmail('otherapp@example.com', { appId: other.app.id })
    const r = await t.call('POST', '/api/v1/sessions', { body: { refresh_token: login.refresh_token } })
    expect(r.json().code).toBe('missing_or_invalid_token')
  })

  it('two refreshes racing with one token: exactly one wins', async () => {
    const login = await t.loginWithEmail('race@example.com')
    const results = await Promise.all(
      [0, 1].map(() => t.call('POST', '/api/v1/sessions', { body: { refresh_token: login.refresh_token } })),
    )
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1)
  })
})

describe('logout', () => {
  it('ends the session: its access and refresh tokens stop working at once', async () => {
    const login = await t.loginWithEmail('bye@example.com')
    const r = await t.call('POST', '/api/v1/sessions/logout', {
      body: { refresh_token: login.refresh_token },
    })
    expect(r.statusCode).toBe(200)
    expect((await me(login.token)).json().code).toBe('missing_or_invalid_token')
    expect(
      (await t.call('POST', '/api/v1/sessions', { body: { refresh_token: login.refresh_token } })).statusCode,
    ).toBe(401)
  })

  it('logs out everywhere', async () => {
    const a = await t.loginWithEmail('every@example.com')
    const b = await t.loginWithEmail('every@example.com')
    const sessions = (await t.call('GET', '/api/v1/sessions', { token: a.token })).json().sessions
    expect(sessions).toHaveLength(2)
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1)
    const out = await userCall(t, a, 'POST', '/api/v1/sessions/logout_all', { body: {} })
    expect(out.json()).toEqual({ sessions_ended: 2 })
    expect((await me(a.token)).statusCode).toBe(401)
    expect((await me(b.token)).statusCode).toBe(401)
  })
})

describe('key rotation', () => {
  it('keeps old tokens valid until they expire while new ones use the new key', async () => {
    const { app } = await t.createApp()
    const before = await t.loginWithEmail('rot@example.com', { appId: app.id })
    const newKid = await t.server.satchel.keys.rotate(app.id)
    const after = await t.loginWithEmail('rot@example.com', { appId: app.id })
    expect(decodeProtectedHeader(after.token).kid).toBe(newKid)
    const jwks = (await t.call('GET', `/api/v1/apps/${app.id}/jwks.json`, { appId: app.id })).json()
    expect(jwks.keys).toHaveLength(2)
    expect((await me(before.token, app.id)).statusCode).toBe(200)
    t.clock.advance(3601 * 1000)
    const later = (await t.server.satchel.keys.getPublicKeys(app.id, { fresh: true })).map((k) => k.kid)
    expect(later).toEqual([newKid])
  })
})

describe('users', () => {
  it('records accepted terms', async () => {
    const login = await t.loginWithEmail('terms@example.com')
    expect(login.user.has_accepted_terms).toBe(false)
    const r = await t.call('POST', '/api/v1/users/me/accept_terms', { token: login.token })
    expect(r.json().has_accepted_terms).toBe(true)
    expect((await me(login.token)).json().user.has_accepted_terms).toBe(true)
  })

  it('gives an identity token listing the linked accounts', async () => {
    const login = await t.loginWithEmail('identity@example.com')
    const claims = decodeJwt(login.identity_token)
    expect(claims.aud).toBe(t.app.id)
    expect(JSON.parse(String(claims.linked_accounts))).toEqual([
      expect.objectContaining({ type: 'email', address: 'identity@example.com' }),
    ])
  })
})

describe('cookie mode', () => {
  it('keeps tokens out of the body and in HttpOnly, Secure, SameSite=Strict cookies that work for the next calls', async () => {
    const { app } = await t.createApp({ cookieMode: true })
    await t.call('POST', '/api/v1/passwordless/init', {
      appId: app.id,
      body: { email: 'cookie@example.com' },
    })
    const code = await t.latestCode('cookie@example.com', app.id)
    const login = await t.call('POST', '/api/v1/passwordless/authenticate', {
      appId: app.id,
      body: { email: 'cookie@example.com', code },
    })
    expect(login.statusCode).toBe(200)
    expect(login.json()).toMatchObject({ token: null, refresh_token: null })
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c]))
    for (const name of ['satchel-token', 'satchel-refresh-token'])
      expect(cookies[name]).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' })
    const cookieHeader = (name: string) => ({ cookie: `${name}=${cookies[name]?.value}` })
    const me = await t.call('GET', '/api/v1/users/me', {
      appId: app.id,
      headers: cookieHeader('satchel-token'),
    })
    expect(me.statusCode).toBe(200)
    const refreshed = await t.call('POST', '/api/v1/sessions', {
      appId: app.id,
      body: {},
      headers: cookieHeader('satchel-refresh-token'),
    })
    expect(refreshed.statusCode).toBe(200)
    expect(refreshed.cookies.map((c) => c.name)).toContain('satchel-refresh-token')
  })

  it('ignores the cookie for an app in bearer mode', async () => {
    const login = await t.loginWithEmail('bearer@example.com')
    const r = await t.call('GET', '/api/v1/users/me', { headers: { cookie: `satchel-token=${login.token}` } })
    expect(r.json().code).toBe('must_be_authenticated')
  })
})
