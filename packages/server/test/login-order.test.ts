import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App, LoginMethod } from '../src/identity/apps/types'
import { loginMethods } from '../src/identity/apps/types'
import { rateLimits } from '../src/platform/http/rateLimit'
import { startTestServer, type TestServer } from './harness'
import { userCall } from './walletRequests'

// Every way in checks in one order: the app allowing the method, then the per-IP rate limit, then
// the method's proof (then completeLogin). Each row is one route of one method with a request that
// passes the schema but whose proof is bad (a wrong code, a forged signature, an unknown channel).

const b64 = (text: string) => Buffer.from(text).toString('base64url')
const fakeCredential = {
  id: 'AAAAAAAA',
  rawId: 'AAAAAAAA',
  type: 'public-key',
}
const fakeAssertion = {
  ...fakeCredential,
  response: {
    clientDataJSON: b64('{"challenge":"AAAAAAAAAAAAAAAAAAAAAA"}'),
    authenticatorData: 'AAAA',
    signature: 'AAAA',
  },
}
const fakeRegistration = {
  ...fakeCredential,
  response: { clientDataJSON: b64('{"challenge":"AAAAAAAAAAAAAAAAAAAAAA"}'), attestationObject: 'AAAA' },
}
const flowId = `otp_${'A'.repeat(22)}`
const badProof: Record<LoginMethod, { path: string; body: Record<string, unknown> }> = {
  email: { path: 'passwordless', body: { email: 'order@example.com', code: '123456', flow_id: flowId } },
  sms: { path: 'passwordless_sms', body: { phone_number: '+14155552671', code: '123456', flow_id: flowId } },
  guest: { path: 'guest', body: { guest_credential: 'A'.repeat(43) } },
  custom_jwt: { path: 'custom_jwt_account', body: { token: 'not-a-jwt-from-anyone' } },
  siwe: { path: 'siwe', body: { message: 'hello', signature: `0x${'00'.repeat(65)}`, chain_id: 1 } },
  siws: { path: 'siws', body: { message: 'hello', signature: '1'.repeat(88) } },
  oauth: {
    path: 'oauth',
    body: { state_code: 'a'.repeat(24), authorization_code: 'x', code_verifier: 'v'.repeat(43) },
  },
  passkey: { path: 'passkeys', body: { authenticator_response: fakeAssertion } },
  telegram: { path: 'telegram', body: { telegram_auth_result: { id: '1', auth_date: '1', hash: '00' } } },
  farcaster: {
    path: 'farcaster',
    body: { channel_token: 'no-such-channel', fid: 1, message: 'hello', signature: '0x00' },
  },
}
const disallowed = (method: LoginMethod) =>
  method === 'passkey' ? 'passkey_not_allowed' : 'disallowed_login_method'

/** The routes that start a way in before any proof: a nonce, a code sent, a channel, a challenge. */
const steps: ReadonlyArray<readonly [LoginMethod, string, Record<string, unknown> | undefined]> = [
  ['email', '/api/v1/passwordless/init', { email: 'order@example.com' }],
  ['sms', '/api/v1/passwordless_sms/init', { phone_number: '+14155552671' }],
  ['siwe', '/api/v1/siwe/init', { address: `0x${'11'.repeat(20)}` }],
  ['siws', '/api/v1/siws/init', { address: '1'.repeat(32) }],
  ['farcaster', '/api/v1/farcaster/init', undefined],
  [
    'oauth',
    '/api/v1/oauth/init',
    {
      provider: 'google',
      redirect_to: 'https://elsewhere.example/back',
      code_challenge: 'c'.repeat(43),
      state_code: 's'.repeat(24),
    },
  ],
  ['passkey', '/api/v1/passkeys/register/init', {}],
  ['passkey', '/api/v1/passkeys/authenticate/init', {}],
]

let t: TestServer
let allOn: App
const allBut = new Map<LoginMethod, App>()
let nextIp = 1
/** A client address of its own, with its login allowance already spent when `spent`. */
async function clientAddress(spent = false): Promise<string> {
  const ip = `198.51.100.${nextIp++}`
  if (spent)
    for (let i = 0; i < rateLimits.loginPerIp.limit; i++)
      await t.server.satchel.kv.increment(`rl:login-ip:${ip}`, rateLimits.loginPerIp.windowSeconds)
  return ip
}

beforeAll(async () => {
  t = await startTestServer()
  allOn = (await t.createApp({ loginMethods: [...loginMethods] })).app
  for (const method of loginMethods)
    allBut.set(method, (await t.createApp({ loginMethods: loginMethods.filter((m) => m !== method) })).app)
})
afterAll(() => t.close())

const off = (method: LoginMethod) => {
  const app = allBut.get(method)
  if (!app) throw new Error(`no app without ${method}`)
  return app.id
}

describe('every way in checks in the same order: method on, rate limit, proof', () => {
  it.each(loginMethods)('%s: an app with the method off answers why, whatever the proof', async (method) => {
    const { path, body } = badProof[method]
    const r = await t.call('POST', `/api/v1/${path}/authenticate`, { appId: off(method), body })
    expect(r.json()).toMatchObject({ code: disallowed(method) })
  })

  it.each(loginMethods)(
    '%s: the method is checked before the rate limit (a refusal spends nothing)',
    async (method) => {
      const { path, body } = badProof[method]
      const ip = await clientAddress(true)
      const r = await t.call('POST', `/api/v1/${path}/authenticate`, { appId: off(method), body, ip })
      expect(r.json()).toMatchObject({ code: disallowed(method) })
    },
  )

  it.each(loginMethods)('%s: the rate limit is checked before the proof', async (method) => {
    const { path, body } = badProof[method]
    const fresh = await t.call('POST', `/api/v1/${path}/authenticate`, {
      appId: allOn.id,
      body,
      ip: await clientAddress(),
    })
    // Within the limit the proof itself is judged (a guest's credential is always one).
    expect(fresh.statusCode).not.toBe(429)
    const spent = await t.call('POST', `/api/v1/${path}/authenticate`, {
      appId: allOn.id,
      body,
      ip: await clientAddress(true),
    })
    expect(spent.statusCode).toBe(429)
    expect(spent.json().code).toBe('too_many_requests')
  })

  it.each(steps)('%s: %s is refused for an app with the method off', async (method, url, body) => {
    const r = await t.call('POST', url, { appId: off(method), ...(body ? { body } : {}) })
    expect(r.json()).toMatchObject({ code: disallowed(method) })
  })

  const linkable = loginMethods.filter((m) => !['email', 'guest', 'custom_jwt'].includes(m))
  it.each(linkable)(
    '%s: link and reauthenticate check the method before the rate limit and the proof',
    async (method) => {
      const { path, body } = badProof[method]
      const user = await t.loginWithEmail(`order-${method}@example.com`, { appId: off(method) })
      const ip = await clientAddress(true)
      const proof = method === 'passkey' ? { authenticator_response: fakeRegistration } : body
      const link = await userCall(t, user, 'POST', `/api/v1/${path}/link`, {
        appId: off(method),
        body: proof,
        ip,
      })
      expect(link.json()).toMatchObject({ code: disallowed(method) })
      const again = await userCall(t, user, 'POST', `/api/v1/${path}/reauthenticate`, {
        appId: off(method),
        body: body,
        ip,
      })
      expect(again.json()).toMatchObject({ code: disallowed(method) })
    },
  )
})
