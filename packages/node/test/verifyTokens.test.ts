import { ApiError, NetworkError } from '@satchel/core/errors'
import { UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSatchelNode } from '../src/createSatchelNode'
import { type SignedInUser, startSatchelServer, type TestSatchelServer } from './startSatchelServer'

let satchel: TestSatchelServer
let appId: string
let user: SignedInUser

/** A fetch that counts the key-set requests it passes on. */
function countingFetch() {
  const counter = {
    jwks: 0,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/jwks.json')) counter.jwks += 1
      return fetch(input, init)
    },
  }
  return counter
}

async function expectInvalidToken(promise: Promise<unknown>, details: RegExp) {
  const error = await promise.catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(ApiError)
  expect(error).toMatchObject({ code: 'missing_or_invalid_token', status: 401 })
  expect(error instanceof ApiError ? error.details : '').toMatch(details)
}

beforeAll(async () => {
  satchel = await startSatchelServer()
  ;({ appId } = await satchel.createApp())
  user = await satchel.signIn(appId, 'ada@example.com')
})
afterAll(() => satchel?.close())

describe('verifyAccessToken', () => {
  it("answers who is signed in from a real access token, checked against the app's key set", async () => {
    const claims = await createSatchelNode({ serverUrl: satchel.url, appId }).verifyAccessToken(user.token)
    expect(claims.userId).toBe(user.userId)
    expect(claims.sessionId).toMatch(/^ses_/)
    expect(claims.appId).toBe(appId)
    expect(claims.issuer).toBe('satchel')
    expect(claims.expiresAt - claims.issuedAt).toBe(3600)
  })

  it('refuses an identity token, a token of another app, a changed token and an unsigned one', async () => {
    const node = createSatchelNode({ serverUrl: satchel.url, appId })
    await expectInvalidToken(node.verifyAccessToken(user.identityToken), /identity token is not an access/)

    const other = await satchel.createApp('Another app')
    const stranger = await satchel.signIn(other.appId, 'eve@example.com')
    await expectInvalidToken(node.verifyAccessToken(stranger.token), /not signed by this app/)
    // The same token is good for the app it was made for.
    const otherNode = createSatchelNode({ serverUrl: satchel.url, appId: other.appId })
    expect((await otherNode.verifyAccessToken(stranger.token)).userId).toBe(stranger.userId)

    const [header, , signature] = user.token.split('.')
    const claims = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: stranger.userId })).toString('base64url')
    await expectInvalidToken(node.verifyAccessToken(`${header}.${forged}.${signature}`), /not signed/)

    const unsigned = new UnsecuredJWT({ ...claims }).encode()
    await expectInvalidToken(node.verifyAccessToken(unsigned), /not signed/)
    await expectInvalidToken(node.verifyAccessToken(undefined), /No token/)
  })

  it('refuses an expired token, and says so without repeating it', async () => {
    satchel.clock.offsetMs = -2 * 3600_000
    const old = await satchel.signIn(appId, 'grace@example.com').finally(() => {
      satchel.clock.offsetMs = 0
    })
    const error = await createSatchelNode({ serverUrl: satchel.url, appId })
      .verifyAccessToken(old.token)
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'missing_or_invalid_token', details: 'The token has expired' })
    expect(String(error)).not.toContain(old.token)
  })
})

describe('verifyIdentityToken', () => {
  it('answers the user and their linked accounts, camelCased', async () => {
    const claims = await createSatchelNode({ serverUrl: satchel.url, appId }).verifyIdentityToken(
      user.identityToken,
    )
    expect(claims.userId).toBe(user.userId)
    expect(claims.linkedAccounts).toEqual([
      expect.objectContaining({ type: 'email', address: 'ada@example.com', verifiedAt: expect.any(Number) }),
    ])
    expect(claims.linkedAccounts[0]?.firstVerifiedAt).toBeLessThanOrEqual(claims.issuedAt)
  })

  it('refuses an access token', async () => {
    const node = createSatchelNode({ serverUrl: satchel.url, appId })
    await expectInvalidToken(node.verifyIdentityToken(user.token), /access token is not an identity/)
  })
})

describe("the app's key set", () => {
  it('is fetched once for many verifications', async () => {
    const counter = countingFetch()
    const node = createSatchelNode({ serverUrl: satchel.url, appId, fetch: counter.fetch })
    for (let i = 0; i < 5; i += 1) await node.verifyAccessToken(user.token)
    await node.verifyIdentityToken(user.identityToken)
    expect(counter.jwks).toBe(1)
  })

  it('is fetched again for a key rotated in since, and not for every unknown key id', async () => {
    const { appId: rotating } = await satchel.createApp('Rotating app')
    const before = await satchel.signIn(rotating, 'kay@example.com')
    const counter = countingFetch()
    const node = createSatchelNode({
      serverUrl: satchel.url,
      appId: rotating,
      fetch: counter.fetch,
      jwksCooldownMs: 0,
    })
    const guarded = createSatchelNode({ serverUrl: satchel.url, appId: rotating, fetch: counter.fetch })
    await node.verifyAccessToken(before.token)
    await guarded.verifyAccessToken(before.token)
    expect(counter.jwks).toBe(2)

    await satchel.server.satchel.keys.rotate(rotating)
    const after = await satchel.signIn(rotating, 'kay@example.com')
    expect(after.token.split('.')[0]).not.toBe(before.token.split('.')[0])
    // The new key id is unknown to the cached set: fetched again, then the token verifies.
    expect((await node.verifyAccessToken(after.token)).userId).toBe(after.userId)
    expect(counter.jwks).toBe(3)
    // The old key stays published until its tokens expire.
    expect((await node.verifyAccessToken(before.token)).userId).toBe(before.userId)
    // Within the default 30 s cooldown, an unknown key id does not make this backend fetch again.
    await expectInvalidToken(guarded.verifyAccessToken(after.token), /not signed/)
    expect(counter.jwks).toBe(3)
  })

  it('that cannot be reached is a network error, not an invalid token', async () => {
    const node = createSatchelNode({ serverUrl: 'http://127.0.0.1:9', appId })
    const error = await node.verifyAccessToken(user.token).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ kind: 'failed' })
  })
})
