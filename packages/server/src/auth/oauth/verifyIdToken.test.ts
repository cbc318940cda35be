import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApiError } from '@satchel/core'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyIdToken } from './verifyIdToken'

const ISSUER = 'https://idp.example'
const CLIENT_ID = 'satchel-client'
const NONCE = 'n-0S6_WzA2Mj'

let server: Server
let jwksUrl: string
let key: CryptoKey
let otherKey: CryptoKey
const now = Date.now()

beforeAll(async () => {
  const pair = await generateKeyPair('ES256')
  key = pair.privateKey
  otherKey = (await generateKeyPair('ES256')).privateKey
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' }] })
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(jwks))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

type Claims = { iss?: string; aud?: string | string[]; nonce?: string; exp?: number; azp?: string }

const idToken = (claims: Claims = {}, signingKey = key) =>
  new SignJWT({
    nonce: claims.nonce ?? NONCE,
    email: 'ada@example.com',
    ...(claims.azp ? { azp: claims.azp } : {}),
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setSubject('user-1')
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? CLIENT_ID)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(claims.exp ?? Math.floor(now / 1000) + 600)
    .sign(signingKey)

const verify = (token: string, overrides: { jwksUrl?: string; now?: number } = {}) =>
  verifyIdToken(token, { jwksUrl, issuers: [ISSUER], clientId: CLIENT_ID, nonce: NONCE, now, ...overrides })

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
  )

describe('verifyIdToken', () => {
  it("returns the claims of a token signed by the issuer's key, for us, with our nonce", async () => {
    await expect(verify(await idToken())).resolves.toMatchObject({ sub: 'user-1', email: 'ada@example.com' })
  })

  it('refuses another nonce, audience, issuer or key, and an expired token', async () => {
    const refused = [
      await idToken({ nonce: 'someone-elses-nonce' }),
      await idToken({ aud: 'another-client' }),
      await idToken({ iss: 'https://evil.example' }),
      await idToken({}, otherKey),
      await idToken({ exp: Math.floor(now / 1000) - 120 }),
      // Issued to several clients without saying it was issued to us.
      await idToken({ aud: [CLIENT_ID, 'another-client'] }),
    ]
    for (const token of refused) expect(await codeOf(verify(token))).toBe('invalid_credentials')
    expect(await codeOf(verify(await idToken({ aud: [CLIENT_ID, 'x'], azp: CLIENT_ID })))).toBe('accepted')
  })

  it('refuses a token MACed with a shared secret (HS256)', async () => {
    const token = await new SignJWT({ nonce: NONCE })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setSubject('user-1')
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('the-client-secret-the-app-also-knows'))
    expect(await codeOf(verify(token))).toBe('invalid_credentials')
  })

  it('judges expiry on the given clock, not the machine clock', async () => {
    const token = await idToken()
    expect(await codeOf(verify(token, { now: now + 11 * 60 * 1000 }))).toBe('invalid_credentials')
  })

  it('answers service_unavailable when the key set cannot be fetched', async () => {
    const token = await idToken()
    expect(await codeOf(verify(token, { jwksUrl: 'http://127.0.0.1:1/jwks' }))).toBe('service_unavailable')
  })
})
