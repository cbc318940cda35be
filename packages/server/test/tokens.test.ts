// Access and identity tokens have one form: a malleated copy (ECDSA's (r, n - s)) of a valid token
// is a different string with the same claims, and the server refuses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthenticatedUser, startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'

const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n

let t: TestServer
let login: AuthenticatedUser

beforeAll(async () => {
  t = await startTestServer()
  login = await t.loginWithEmail('tokens@example.com')
})
afterAll(() => t.close())

const signatureOf = (token: string) => Buffer.from(token.split('.')[2] ?? '', 'base64url')
const sOf = (token: string) => BigInt(`0x${signatureOf(token).subarray(32).toString('hex')}`)

/** The same token with s replaced by n - s: a valid ECDSA signature too, as an attacker can make it. */
function malleate(token: string): string {
  const signature = signatureOf(token)
  const s = Buffer.from((N - sOf(token)).toString(16).padStart(64, '0'), 'hex')
  const [header, payload] = token.split('.')
  return `${header}.${payload}.${Buffer.concat([signature.subarray(0, 32), s]).toString('base64url')}`
}

describe('ES256 tokens', () => {
  it('refuses a malleated (high-S) copy of a valid access token, while the token itself works', async () => {
    const copy = malleate(login.token)
    expect(copy).not.toBe(login.token)
    const refused = await t.call('GET', '/api/v1/users/me', { token: copy })
    expectAnswer(refused, 401, { error: 'Missing or invalid token', code: 'missing_or_invalid_token' })
    expect((await t.call('GET', '/api/v1/users/me', { token: login.token })).statusCode).toBe(200)
  })

  it('mints every access and identity token with a low-S signature', async () => {
    const tokens = [login.token, login.identity_token]
    for (let i = 0; i < 12; i++) {
      const next = await t.loginWithEmail(`tokens-${i}@example.com`)
      tokens.push(next.token, next.identity_token)
    }
    for (const token of tokens) expect(sOf(token) <= N / 2n).toBe(true)
  })
})
