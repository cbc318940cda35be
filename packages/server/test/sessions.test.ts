import { generateKeyPairSync, sign } from 'node:crypto'
import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFRESH_REUSE_GRACE_MS } from '../src/identity/sessions/rotateRefreshToken'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../src/identity/signedRequests/authorizationSignature'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { createP256Key, type P256Key, PUBLIC_URL, signedCall, userCall } from './walletRequests'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ env: { SATCHEL_PUBLIC_URL: PUBLIC_URL } })
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
    expectAnswer(r, 401, { error: 'User must be authenticated', code: 'must_be_authenticated' })
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

/** A refresh signed by the session key, the key not named. */
const signedRefresh = (
  key: P256Key,
  body: Record<string, unknown>,
  options: { headers?: Record<string, string> },
) => signedCall(t, 'POST', '/api/v1/sessions', { key, body, ...options })

// Every refresh rule holds both ways a client may send a refresh: naming the key it signs with (the SDK
// does, and the server checks and rotates in one statement) or not (the server reads the session first).
describe.each([
  { names: true, title: 'naming the signing key' },
  { names: false, title: 'not naming the signing key' },
])('refresh tokens, $title', ({ names }) => {
  /** A refresh as the SDK makes it: signed by the session key (and naming it, in the first variant). */
  const refresh = (
    key: P256Key,
    body: Record<string, unknown>,
    options: { appId?: string; headers?: Record<string, string> } = {},
  ) => signedCall(t, 'POST', '/api/v1/sessions', { key, body: named(key, body), ...options })
  const named = (key: P256Key, body: Record<string, unknown>) =>
    names && !('session_public_key' in body) ? { ...body, session_public_key: key.publicJwk } : body
  const loginWithKey = (email: string, appId?: string) =>
    t.loginWithEmail(`${names ? 'named-' : ''}${email}`, appId ? { appId } : {})

  it('rotates on every refresh; the new pair works and the old refresh token is spent', async () => {
    const login = await loginWithKey('rotate@example.com')
    const r1 = await refresh(login.key, { refresh_token: login.refresh_token })
    expect(r1.statusCode).toBe(200)
    const next = r1.json()
    expect(next.refresh_token).not.toBe(login.refresh_token)
    expect(next.is_new_user).toBe(false)
    expect((await me(next.token)).statusCode).toBe(200)
    const r2 = await refresh(login.key, { refresh_token: next.refresh_token })
    expect(r2.statusCode).toBe(200)
  })

  it('a refresh token alone refreshes nothing: the session key must sign, and a refused try spends nothing', async () => {
    const login = await loginWithKey('pop@example.com')
    const unsigned = await t.call('POST', '/api/v1/sessions', {
      body: { refresh_token: login.refresh_token },
    })
    expect(unsigned.statusCode).toBe(401)
    expect(unsigned.json().code).toBe('invalid_authorization_signature')
    const thief = createP256Key()
    const forged = await refresh(thief, { refresh_token: login.refresh_token })
    expect(forged.json().code).toBe('invalid_authorization_signature')
    // The owner's refresh still works: the thief's tries neither spent the token nor revoked the session.
    const owner = await refresh(login.key, { refresh_token: login.refresh_token })
    expect(owner.statusCode).toBe(200)
    expect((await me(owner.json().token)).statusCode).toBe(200)
  })

  it('a refresh token alone cannot swap the session key: a new session_public_key is ignored', async () => {
    const login = await loginWithKey('swap@example.com')
    const thief = createP256Key()
    // Even signed by the real key, a refresh never changes the key the session is bound to.
    const r = await refresh(login.key, {
      refresh_token: login.refresh_token,
      session_public_key: thief.publicJwk,
    })
    expect(r.statusCode).toBe(200)
    const [session] = await t.database.db.query<{ session_public_key: JsonWebKey }>(
      'select session_public_key from sessions where id = $1',
      [decodeJwt(login.token).sid],
    )
    expect(session?.session_public_key).toEqual(login.key.publicJwk)
    expect((await refresh(thief, { refresh_token: r.json().refresh_token })).json().code).toBe(
      'invalid_authorization_signature',
    )
    expect((await refresh(login.key, { refresh_token: r.json().refresh_token })).statusCode).toBe(200)
  })

  it('a signed refresh cannot be sent twice', async () => {
    const login = await loginWithKey('replay-refresh@example.com')
    const body = named(login.key, { refresh_token: login.refresh_token })
    const expiry = String(t.clock.now + 60_000)
    const payload = serializeAuthorizationPayload(
      buildAuthorizationPayload({
        method: 'POST',
        url: `${PUBLIC_URL}/api/v1/sessions`,
        body,
        appId: t.app.id,
        expiry,
      }),
    )
    const headers = {
      'satchel-authorization-signature': sign('sha256', payload, login.key.privateKey).toString('base64'),
      'satchel-request-expiry': expiry,
    }
    expect((await t.call('POST', '/api/v1/sessions', { body, headers })).statusCode).toBe(200)
    const again = await t.call('POST', '/api/v1/sessions', { body, headers })
    expect(again.json().code).toBe('replayed_request')
  })

  it('a session made without a key refreshes with its token alone, and never gains a key', async () => {
    const login = await t.loginWithEmail(`${names ? 'named-' : ''}keyless@example.com`, { key: null })
    const key = createP256Key()
    const r = await t.call('POST', '/api/v1/sessions', {
      body: { refresh_token: login.refresh_token, session_public_key: key.publicJwk },
    })
    expect(r.statusCode).toBe(200)
    const [session] = await t.database.db.query<{ session_public_key: JsonWebKey | null }>(
      'select session_public_key from sessions where id = $1',
      [decodeJwt(login.token).sid],
    )
    expect(session?.session_public_key).toBeNull()
  })

  it('two tabs refreshing one session at once get the same rotated token, and the session lives on', async () => {
    const login = await loginWithKey('two-tabs@example.com')
    const [a, b] = await Promise.all([
      refresh(login.key, { refresh_token: login.refresh_token }),
      refresh(login.key, { refresh_token: login.refresh_token }),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(a.json().refresh_token).toBe(b.json().refresh_token)
    expect((await me(a.json().token)).statusCode).toBe(200)
    expect((await me(b.json().token)).statusCode).toBe(200)
    // A tab a few seconds late still gets that pair, not a revocation.
    t.clock.advance(5_000)
    const late = await refresh(login.key, { refresh_token: login.refresh_token })
    expect(late.statusCode).toBe(200)
    expect(late.json().refresh_token).toBe(a.json().refresh_token)
    expect((await refresh(login.key, { refresh_token: a.json().refresh_token })).statusCode).toBe(200)
  })

  it('revokes the whole family when a spent token is presented again after the grace window, and audits it', async () => {
    const login = await loginWithKey('reuse@example.com')
    const rotated = (await refresh(login.key, { refresh_token: login.refresh_token })).json()
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1_000)
    const replay = await refresh(login.key, { refresh_token: login.refresh_token })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('missing_or_invalid_token')
    // The legitimate holder's newer tokens die with the family.
    expect((await refresh(login.key, { refresh_token: rotated.refresh_token })).statusCode).toBe(401)
    expect((await me(rotated.token)).json().code).toBe('missing_or_invalid_token')
    const audit = await t.database.db.query<{ action: string; outcome: string }>(
      'select action, outcome from audit_log where user_id = $1 order by id',
      [login.user.id],
    )
    expect(audit).toContainEqual({ action: 'session.refresh_token_reuse', outcome: 'revoked' })
  })

  it('refuses an unknown refresh token', async () => {
    expect((await t.call('POST', '/api/v1/sessions', { body: { refresh_token: 'nope' } })).json().code).toBe(
      'missing_or_invalid_token',
    )
  })

  it("a refresh token presented with another app's id spends nothing: the owner's next refresh works", async () => {
    const other = await t.createApp()
    const victim = await loginWithKey('otherapp@example.com')
    const wrongApp = await refresh(
      victim.key,
      { refresh_token: victim.refresh_token },
      { appId: other.app.id },
    )
    expect(wrongApp.statusCode).toBe(401)
    expect(wrongApp.json().code).toBe('missing_or_invalid_token')
    const owner = await refresh(victim.key, { refresh_token: victim.refresh_token })
    expect(owner.statusCode).toBe(200)
    expect((await me(owner.json().token)).statusCode).toBe(200)
  })
})

describe('where the refresh token travels', () => {
  it('a page on the API’s own site gets it as an HttpOnly cookie only, which refreshes (signed) from then on', async () => {
    const key = createP256Key()
    const sameSite = { 'sec-fetch-site': 'same-site' }
    const { code, flowId } = await t.sendCode('jar@example.com')
    const login = await t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email: 'jar@example.com', code, flow_id: flowId, session_public_key: key.publicJwk },
      headers: sameSite,
    })
    expect(login.statusCode).toBe(200)
    expect(login.json().refresh_token).toBeNull()
    expect(typeof login.json().token).toBe('string')
    const cookie = login.cookies.find((c) => c.name === `satchel-refresh-token.${t.app.id}`)
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/api/v1/sessions',
    })
    const cookieHeader = { ...sameSite, cookie: `${cookie?.name}=${cookie?.value}` }
    expect((await t.call('POST', '/api/v1/sessions', { body: {}, headers: cookieHeader })).json().code).toBe(
      'invalid_authorization_signature',
    )
    const refreshed = await signedRefresh(key, {}, { headers: cookieHeader })
    expect(refreshed.statusCode).toBe(200)
    expect(refreshed.json().refresh_token).toBeNull()
    const next = refreshed.cookies.find((c) => c.name === cookie?.name)
    expect(next?.value).toBeTruthy()
    expect(next?.value).not.toBe(cookie?.value)
  })

  it('a cross-site page, a server, or a client that asks gets it in the body', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      {},
      { 'sec-fetch-site': 'same-site', 'satchel-refresh-token-transport': 'body' },
    ]) {
      const { code, flowId } = await t.sendCode('body@example.com')
      const login = await t.call('POST', '/api/v1/passwordless/authenticate', {
        body: { email: 'body@example.com', code, flow_id: flowId },
        headers,
      })
      expect(typeof login.json().refresh_token).toBe('string')
      expect(login.cookies).toEqual([])
    }
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
    const { code, flowId } = await t.sendCode('cookie@example.com', { appId: app.id })
    const login = await t.call('POST', '/api/v1/passwordless/authenticate', {
      appId: app.id,
      body: { email: 'cookie@example.com', code, flow_id: flowId },
    })
    expect(login.statusCode).toBe(200)
    expect(login.json()).toMatchObject({ token: null, refresh_token: null })
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c]))
    for (const name of ['satchel-token', `satchel-refresh-token.${app.id}`])
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
      headers: cookieHeader(`satchel-refresh-token.${app.id}`),
    })
    expect(refreshed.statusCode).toBe(200)
    expect(refreshed.cookies.map((c) => c.name)).toContain(`satchel-refresh-token.${app.id}`)
  })

  it('ignores the cookie for an app in bearer mode', async () => {
    const login = await t.loginWithEmail('bearer@example.com')
    const r = await t.call('GET', '/api/v1/users/me', { headers: { cookie: `satchel-token=${login.token}` } })
    expect(r.json().code).toBe('must_be_authenticated')
  })
})
