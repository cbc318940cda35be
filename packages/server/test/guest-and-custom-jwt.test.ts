import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CUSTOM_JWT_MAX_LIFETIME_SECONDS } from '../src/auth/custom_jwt/verifyCustomJwt'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'

let t: TestServer
let jwksServer: Server
let jwksUrl: string
let issuerKey: CryptoKey
let strangerKey: CryptoKey

beforeAll(async () => {
  t = await startTestServer()
  // The app's own identity provider, serving a real JWKS on loopback.
  const pair = await generateKeyPair('RS256')
  issuerKey = pair.privateKey
  strangerKey = (await generateKeyPair('RS256')).privateKey
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'idp-1', alg: 'RS256', use: 'sig' }] }
  jwksServer = createServer((req, res) => {
    if (req.url !== '/.well-known/jwks.json') return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks))
  })
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve))
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`
  await t.server.satchel.apps.updateApp(t.app.id, {
    settings: { customJwt: { jwksUrl, issuer: 'https://idp.example', audience: 'my-app' } },
  })
})
afterAll(async () => {
  await t.close()
  await new Promise((resolve) => jwksServer.close(resolve))
})

const idpToken = (sub: string, key = issuerKey, claims: { iss?: string; aud?: string; exp?: number } = {}) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: 'idp-1' })
    .setSubject(sub)
    .setIssuer(claims.iss ?? 'https://idp.example')
    .setAudience(claims.aud ?? 'my-app')
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? '5m')
    .sign(key)

describe('guest', () => {
  it('signs up a guest and signs the same guest back in with the same credential', async () => {
    const guest_credential = randomBytes(32).toString('base64url')
    const first = await t.call('POST', '/api/v1/guest/authenticate', { body: { guest_credential } })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ is_new_user: true, user: { is_guest: true } })
    const again = await t.call('POST', '/api/v1/guest/authenticate', { body: { guest_credential } })
    expect(again.json().user.id).toBe(first.json().user.id)
    expect(again.json().is_new_user).toBe(false)
  })

  it('never stores the credential itself', async () => {
    const guest_credential = randomBytes(32).toString('base64url')
    await t.call('POST', '/api/v1/guest/authenticate', { body: { guest_credential } })
    const rows = await t.database.db.query<{ subject: string }>(
      `select subject from linked_accounts where type = 'guest'`,
    )
    expect(rows.some((r) => r.subject.includes(guest_credential))).toBe(false)
  })

  it('refuses a credential that is not 32 bytes of base64url', async () => {
    const r = await t.call('POST', '/api/v1/guest/authenticate', { body: { guest_credential: 'short' } })
    expect(r.statusCode).toBe(400)
    expect(r.json().code).toBe('invalid_data')
  })
})

describe('custom JWT', () => {
  it("signs in a user of the app's own issuer, verified against its JWKS", async () => {
    const r = await t.call('POST', '/api/v1/custom_jwt_account/authenticate', {
      body: { token: await idpToken('user-42') },
    })
    expect(r.statusCode).toBe(200)
    expect(r.json().user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'custom_auth', custom_user_id: 'user-42' }),
    ])
    const again = await t.call('POST', '/api/v1/custom_jwt_account/authenticate', {
      body: { token: await idpToken('user-42') },
    })
    expect(again.json().user.id).toBe(r.json().user.id)
  })

  it('refuses a token signed by another key, for another audience or issuer, or expired', async () => {
    const bad = [
      await idpToken('user-1', strangerKey),
      await idpToken('user-1', issuerKey, { aud: 'other-app' }),
      await idpToken('user-1', issuerKey, { iss: 'https://evil.example' }),
      await idpToken('user-1', issuerKey, { exp: Math.floor(Date.now() / 1000) - 60 }),
    ]
    for (const token of bad) {
      const r = await t.call('POST', '/api/v1/custom_jwt_account/authenticate', { body: { token } })
      expectAnswer(r, 401, { error: 'The custom auth token is not valid', code: 'invalid_credentials' })
    }
  })

  const signIn = (token: string, appId?: string) =>
    t.call('POST', '/api/v1/custom_jwt_account/authenticate', {
      ...(appId ? { appId } : {}),
      body: { token },
    })
  const refusedAsInvalid = { error: 'The custom auth token is not valid', code: 'invalid_credentials' }

  it('refuses a token without exp, which would be good forever', async () => {
    const forever = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'idp-1' })
      .setSubject('user-forever')
      .setIssuer('https://idp.example')
      .setAudience('my-app')
      .setIssuedAt()
      .sign(issuerKey)
    const r = await signIn(forever)
    expect(r.statusCode).toBe(401)
    expect(r.json()).toEqual(refusedAsInvalid)
  })

  it(`refuses a token that lives longer than ${CUSTOM_JWT_MAX_LIFETIME_SECONDS / 3600} hours`, async () => {
    const now = Math.floor(Date.now() / 1000)
    const long = await idpToken('user-long', issuerKey, { exp: now + CUSTOM_JWT_MAX_LIFETIME_SECONDS + 3600 })
    expect((await signIn(long)).json()).toEqual(refusedAsInvalid)
    const day = await idpToken('user-day', issuerKey, { exp: now + CUSTOM_JWT_MAX_LIFETIME_SECONDS - 60 })
    expect((await signIn(day)).statusCode).toBe(200)
  })

  it('signs a token with a jti in once: a replayed copy is refused', async () => {
    const once = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'idp-1' })
      .setSubject('user-once')
      .setIssuer('https://idp.example')
      .setAudience('my-app')
      .setJti(`jti-${Math.random()}`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(issuerKey)
    expect((await signIn(once)).statusCode).toBe(200)
    const replay = await signIn(once)
    expectAnswer(replay, 401, {
      error: 'This custom auth token was already used',
      code: 'invalid_credentials',
    })
  })

  it("checks the app's issuer and audience always: an app that names neither cannot sign in by custom JWT", async () => {
    const { app } = await t.createApp()
    await t.server.satchel.apps.updateApp(app.id, { settings: { customJwt: { jwksUrl } } })
    const r = await signIn(await idpToken('user-anywhere', issuerKey, { aud: 'any-client' }), app.id)
    expectAnswer(r, 403, {
      error: 'Custom JWT is not configured for this app: it needs an issuer and an audience',
      code: 'disallowed_login_method',
    })
  })

  it('is refused for an app without a custom issuer', async () => {
    const { app } = await t.createApp()
    const r = await t.call('POST', '/api/v1/custom_jwt_account/authenticate', {
      appId: app.id,
      body: { token: await idpToken('u') },
    })
    expect(r.json().code).toBe('disallowed_login_method')
  })
})
