import { createHash, randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { expectListedInOpenApi } from './support/expectListedInOpenApi'
import { createTestBrowser } from './support/oauth/createTestBrowser'
import {
  type StartLoopbackOidcProviderReturnType,
  startLoopbackOidcProvider,
} from './support/oauth/startLoopbackOidcProvider'
import { createP256Key, type P256Key, userCall } from './walletRequests'

const REDIRECT_TO = `${ORIGIN}/oauth/return`
const PUBLIC_URL = 'https://api.satchel.test'
const CLIENT = { clientId: 'satchel-test', clientSecret: 'loopback-client-secret-1' }
const POST_CLIENT = { clientId: 'satchel-post', clientSecret: 'loopback-client-secret-2' }

let t: TestServer
let idp: StartLoopbackOidcProviderReturnType
let appId: string
const logLines: string[] = []

beforeAll(async () => {
  idp = await startLoopbackOidcProvider({
    accounts: [
      { sub: 'ada', email: 'ada@example.com', name: 'Ada Lovelace', preferredUsername: 'ada' },
      { sub: 'grace', email: 'grace@example.com', name: 'Grace Hopper', preferredUsername: 'grace' },
      { sub: 'linus', email: 'linus@example.com', name: 'Linus', preferredUsername: 'linus' },
      { sub: 'octo', email: 'octo@example.com', name: 'The Octocat', preferredUsername: 'octocat' },
      { sub: 'kim', email: 'kim@example.com' },
      { sub: 'lee', email: 'lee@example.com' },
      { sub: 'mallory', email: 'mallory@example.com', suspended: true },
    ],
    clients: [
      { ...CLIENT, redirectUris: [REDIRECT_TO, `${PUBLIC_URL}/api/v1/oauth/callback`] },
      { ...POST_CLIENT, redirectUris: [REDIRECT_TO], tokenEndpointAuthMethod: 'client_secret_post' },
    ],
  })
  t = await startTestServer({
    env: { SATCHEL_PUBLIC_URL: PUBLIC_URL },
    build: {
      logger: {
        level: 'warn',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk))
            done()
          },
        }),
      },
    },
  })
  const { app } = await t.createApp({
    loginMethods: ['email', 'oauth'],
    settings: {
      oauth: {
        providers: {
          // A generic OpenID provider, found through discovery.
          loopback: { issuer: idp.issuer, ...CLIENT },
          // A built-in plain-OAuth provider with its URLs pointed at the loopback provider: the
          // identity comes from the userinfo answer, as it does from GitHub's user API.
          github: {
            ...POST_CLIENT,
            authorizationUrl: `${idp.issuer}/auth`,
            tokenUrl: `${idp.issuer}/token`,
            userinfoUrl: `${idp.issuer}/me`,
            scopes: ['openid', 'email', 'profile'],
          },
          // Apple's way: the provider POSTs the code to Satchel, which redirects on to the app.
          formpost: { issuer: idp.issuer, ...CLIENT, responseMode: 'form_post' },
        },
      },
    },
  })
  appId = app.id
})
afterAll(async () => {
  await t.close()
  await idp.stop()
})

type Login = { url: string; codeVerifier: string; stateCode: string }

/** What the client SDK does before sending the user away: a PKCE pair and a state, then `init`. */
async function startLogin(provider = 'loopback', options: { appId?: string; codeVerifier?: string } = {}) {
  const codeVerifier = options.codeVerifier ?? randomBytes(32).toString('base64url')
  const stateCode = randomBytes(24).toString('base64url')
  const response = await t.call('POST', '/api/v1/oauth/init', {
    appId: options.appId ?? appId,
    body: {
      provider,
      redirect_to: REDIRECT_TO,
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      state_code: stateCode,
    },
  })
  expect(response.statusCode, response.body).toBe(200)
  return { url: response.json().url, codeVerifier, stateCode } satisfies Login
}

/**
 * The user at the provider: follows the authorization URL, signs in as `login`, then consents (or
 * refuses), and is sent back. Returns the URL the provider sent the browser back to.
 */
async function atProvider(url: string, login: string, decision: 'confirm' | 'abort' = 'confirm') {
  const browser = createTestBrowser()
  const stopAt = (next: URL) => next.origin === ORIGIN || next.origin === PUBLIC_URL
  const loginPage = await browser.get(url, { stopAt })
  expect(loginPage.status, loginPage.body).toBe(200)
  expect(JSON.parse(loginPage.body)).toMatchObject({ prompt: 'login' })
  const consentPage = await browser.post(
    `${idp.issuer}/interaction/${JSON.parse(loginPage.body).uid}/login`,
    { login },
    { stopAt },
  )
  expect(JSON.parse(consentPage.body)).toMatchObject({ prompt: 'consent' })
  const back = await browser.post(
    `${idp.issuer}/interaction/${JSON.parse(consentPage.body).uid}/${decision}`,
    {},
    { stopAt },
  )
  return { url: new URL(back.url), page: back }
}

/** The client back on its page: passes the code, its state and its verifier to Satchel. */
function authenticate(login: Login, returned: URL, extra: Record<string, unknown> = {}) {
  return t.call('POST', '/api/v1/oauth/authenticate', {
    appId,
    body: {
      authorization_code: returned.searchParams.get('code'),
      state_code: returned.searchParams.get('state'),
      code_verifier: login.codeVerifier,
      ...extra,
    },
  })
}

/** The whole sign-in, binding a session key as the SDK does; answers the login and its key. */
async function signIn(account: string, provider = 'loopback') {
  const login = await startLogin(provider)
  const { url } = await atProvider(login.url, account)
  const key = createP256Key()
  const response = await authenticate(login, url, { session_public_key: key.publicJwk })
  expect(response.statusCode, response.body).toBe(200)
  return { ...response.json(), key }
}

describe('OAuth / OpenID Connect login', () => {
  it('walks the whole redirect dance against a real OpenID provider and signs the user up, then in', async () => {
    const login = await startLogin()
    const authorization = new URL(login.url)
    expect(authorization.origin).toBe(idp.issuer)
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_TO,
      scope: 'openid email profile',
      state: login.stateCode,
      code_challenge: createHash('sha256').update(login.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
    })
    expect(authorization.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/)
    // The provider must not be handed the verifier: only the client holds it.
    expect(login.url).not.toContain(login.codeVerifier)

    const { url } = await atProvider(login.url, 'ada')
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_TO)
    expect(url.searchParams.get('state')).toBe(login.stateCode)

    const first = await authenticate(login, url)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      is_new_user: true,
      token: expect.any(String),
      refresh_token: expect.any(String),
    })
    expect(first.json().user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'loopback_oauth',
        subject: 'ada',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        username: 'ada',
      }),
    ])
    const me = await t.call('GET', '/api/v1/users/me', { appId, token: first.json().token })
    expect(me.json().user.id).toBe(first.json().user.id)

    const again = await signIn('ada')
    expect(again).toMatchObject({ is_new_user: false, user: { id: first.json().user.id } })
  })

  it('signs in with a plain OAuth 2 provider (GitHub style) through its user API', async () => {
    const login = await startLogin('github')
    // Not an OpenID provider: no nonce is asked for.
    expect(new URL(login.url).searchParams.has('nonce')).toBe(false)
    const { url } = await atProvider(login.url, 'octo')
    const response = await authenticate(login, url)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'github_oauth',
        subject: 'octo',
        username: 'octocat',
        name: 'The Octocat',
      }),
    ])
  })

  it("takes a form_post provider's answer at /oauth/callback and sends the user back to the app's page", async () => {
    const login = await startLogin('formpost')
    const authorization = new URL(login.url)
    expect(authorization.searchParams.get('response_mode')).toBe('form_post')
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/oauth/callback`)

    // The provider answers with a self-submitting form addressed to Satchel.
    const { page } = await atProvider(login.url, 'linus')
    expect(page.status).toBe(200)
    const action = page.body.match(/<form method="post" action="([^"]+)"/)?.[1]
    expect(action).toBe(`${PUBLIC_URL}/api/v1/oauth/callback`)
    const fields = Object.fromEntries(
      [...page.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"\/>/g)].map((m) => [
        m[1],
        m[2],
      ]),
    )
    const callback = await t.server.inject({
      method: 'POST',
      url: '/api/v1/oauth/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.issuer },
      payload: new URLSearchParams(fields).toString(),
    })
    expect(callback.statusCode).toBe(303)
    const back = new URL(String(callback.headers.location))
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_TO)
    expect(back.searchParams.get('state')).toBe(login.stateCode)

    const response = await authenticate(login, back)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'formpost_oauth', subject: 'linus', email: 'linus@example.com' }),
    ])
  })

  it('refuses a form_post callback for a state Satchel never issued', async () => {
    const callback = await t.server.inject({
      method: 'POST',
      url: '/api/v1/oauth/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ state: randomBytes(24).toString('base64url'), code: 'x' }).toString(),
    })
    expect(callback.statusCode).toBe(400)
    expect(callback.json().code).toBe('oauth_state_mismatch')
  })

  it('refuses a state it did not issue, and logs it as a possible phishing attempt without the state', async () => {
    const login = await startLogin()
    const { url } = await atProvider(login.url, 'ada')
    const forged = randomBytes(24).toString('base64url')
    logLines.length = 0
    const response = await t.call('POST', '/api/v1/oauth/authenticate', {
      appId,
      body: {
        authorization_code: url.searchParams.get('code'),
        state_code: forged,
        code_verifier: login.codeVerifier,
        provider: 'loopback',
      },
    })
    expectAnswer(response, 400, {
      error: 'The login state did not match; start again',
      code: 'oauth_state_mismatch',
    })
    const warning = logLines.map((line) => JSON.parse(line)).find((entry) => /phishing/.test(entry.msg))
    expect(warning).toMatchObject({
      level: 40,
      appId,
      provider: 'loopback',
      msg: 'OAuth state mismatch: possible phishing attempt',
    })
    const logged = logLines.join('\n')
    for (const secret of [forged, login.codeVerifier, String(url.searchParams.get('code'))])
      expect(logged).not.toContain(secret)
  })

  it('refuses a state used once already, a state of another app, and a state past its 10 minutes', async () => {
    const login = await startLogin()
    const { url } = await atProvider(login.url, 'ada')
    expect((await authenticate(login, url)).statusCode).toBe(200)
    const replay = await authenticate(login, url)
    expect(replay.json().code).toBe('oauth_state_mismatch')

    const other = await t.createApp({
      loginMethods: ['oauth'],
      settings: { oauth: { providers: { loopback: { issuer: idp.issuer, ...CLIENT } } } },
    })
    const elsewhere = await startLogin('loopback', { appId: other.app.id })
    const back = await atProvider(elsewhere.url, 'ada')
    const crossApp = await authenticate(elsewhere, back.url)
    expect(crossApp.json().code).toBe('oauth_state_mismatch')

    const slow = await startLogin()
    const slowBack = await atProvider(slow.url, 'ada')
    t.clock.advance(10 * 60 * 1000 + 1000)
    const late = await authenticate(slow, slowBack.url)
    expect(late.json().code).toBe('oauth_state_mismatch')
  })

  it('refuses a code verifier that does not match the challenge, and the state is then spent', async () => {
    const login = await startLogin()
    const { url } = await atProvider(login.url, 'ada')
    const wrong = await authenticate(login, url, { code_verifier: randomBytes(32).toString('base64url') })
    expectAnswer(wrong, 401, {
      error: 'The code verifier does not match the code challenge',
      code: 'invalid_credentials',
    })
    const retry = await authenticate(login, url)
    expect(retry.json().code).toBe('oauth_state_mismatch')
  })

  it("relays the provider's refusal of a spent authorization code", async () => {
    const first = await startLogin()
    const { url } = await atProvider(first.url, 'ada')
    expect((await authenticate(first, url)).statusCode).toBe(200)
    // A new login (same verifier) presenting the old, already exchanged code.
    const second = await startLogin('loopback', { codeVerifier: first.codeVerifier })
    const response = await t.call('POST', '/api/v1/oauth/authenticate', {
      appId,
      body: {
        authorization_code: url.searchParams.get('code'),
        state_code: second.stateCode,
        code_verifier: first.codeVerifier,
      },
    })
    expectAnswer(response, 401, {
      error: 'The authorization code is invalid, expired or already used',
      code: 'invalid_credentials',
    })
  })

  it('refuses an account the provider has suspended (token endpoint error account_suspended)', async () => {
    const login = await startLogin()
    const { url } = await atProvider(login.url, 'mallory')
    const response = await authenticate(login, url)
    expectAnswer(response, 403, {
      error: 'The social account is suspended',
      code: 'oauth_account_suspended',
    })
  })

  it('answers oauth_user_denied when the user refuses consent at the provider', async () => {
    const login = await startLogin()
    const { url } = await atProvider(login.url, 'ada', 'abort')
    expect(url.searchParams.get('error')).toBe('access_denied')
    expect(url.searchParams.get('code')).toBeNull()
    const response = await t.call('POST', '/api/v1/oauth/authenticate', {
      appId,
      body: { state_code: url.searchParams.get('state'), error: url.searchParams.get('error') },
    })
    expectAnswer(response, 403, { error: 'Access was denied at the provider', code: 'oauth_user_denied' })
  })

  it('refuses a provider the app has not configured, and an app without OAuth', async () => {
    const body = {
      provider: 'google',
      redirect_to: REDIRECT_TO,
      code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      state_code: randomBytes(24).toString('base64url'),
    }
    const unconfigured = await t.call('POST', '/api/v1/oauth/init', { appId, body })
    expectAnswer(unconfigured, 403, {
      error: 'This OAuth provider is not enabled for the app',
      code: 'disallowed_login_method',
    })
    // The default test app has OAuth off altogether.
    const off = await t.call('POST', '/api/v1/oauth/init', { body: { ...body, provider: 'loopback' } })
    expect(off.json().code).toBe('disallowed_login_method')
    const offAuthenticate = await t.call('POST', '/api/v1/oauth/authenticate', {
      body: { state_code: body.state_code, authorization_code: 'x', code_verifier: 'v'.repeat(43) },
    })
    expect(offAuthenticate.json().code).toBe('disallowed_login_method')
  })

  it('refuses to send the code back to a page outside the app, and a reused state code', async () => {
    const codeChallenge = createHash('sha256').update('v'.repeat(43)).digest('base64url')
    const stateCode = randomBytes(24).toString('base64url')
    const evil = await t.call('POST', '/api/v1/oauth/init', {
      appId,
      body: {
        provider: 'loopback',
        redirect_to: 'https://evil.example/steal',
        code_challenge: codeChallenge,
        state_code: stateCode,
      },
    })
    expectAnswer(evil, 403, {
      error: 'redirect_to must be on an allowed origin of the app',
      code: 'invalid_origin',
    })
    const body = {
      provider: 'loopback',
      redirect_to: REDIRECT_TO,
      code_challenge: codeChallenge,
      state_code: stateCode,
    }
    expect((await t.call('POST', '/api/v1/oauth/init', { appId, body })).statusCode).toBe(200)
    const reused = await t.call('POST', '/api/v1/oauth/init', { appId, body })
    expect(reused.statusCode).toBe(400)
    expect(reused.json().code).toBe('invalid_data')
  })

  it('does not sign up a new user in no-signup mode', async () => {
    const login = await startLogin()
    const { url } = await atProvider(login.url, 'grace')
    const response = await authenticate(login, url, { mode: 'no-signup' })
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe('user_does_not_exist')
  })
})

describe('OAuth linking', () => {
  const linkWith = async (user: { token: string; key: P256Key }, account: string, provider = 'loopback') => {
    const login = await startLogin(provider)
    const { url } = await atProvider(login.url, account)
    return userCall(t, user, 'POST', '/api/v1/oauth/link', {
      appId,
      body: {
        authorization_code: url.searchParams.get('code'),
        state_code: url.searchParams.get('state'),
        code_verifier: login.codeVerifier,
      },
    })
  }

  it('links a social account to a signed-in user, who can then sign in with it, and unlinks it', async () => {
    const user = await t.loginWithEmail('linker@example.com', { appId })
    const linked = await linkWith(user, 'grace')
    expect(linked.statusCode, linked.body).toBe(200)
    expect(linked.json().linked_accounts).toEqual([
      expect.objectContaining({ type: 'email' }),
      expect.objectContaining({ type: 'loopback_oauth', subject: 'grace', email: 'grace@example.com' }),
    ])
    const viaGrace = await signIn('grace')
    expect(viaGrace.user.id).toBe(user.user.id)

    const unlinked = await userCall(t, user, 'POST', '/api/v1/oauth/unlink', {
      appId,
      body: { provider: 'loopback', subject: 'grace' },
    })
    expect(unlinked.statusCode).toBe(200)
    expect(unlinked.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
  })

  it("refuses an account that is another user's (linked_to_another_user)", async () => {
    await signIn('ada')
    const user = await t.loginWithEmail('someone-else@example.com', { appId })
    const response = await linkWith(user, 'ada')
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('linked_to_another_user')
  })

  it('refuses a second account of the same provider (cannot_link_more_of_type)', async () => {
    const user = await t.loginWithEmail('two-socials@example.com', { appId })
    expect((await linkWith(user, 'kim')).statusCode).toBe(200)
    const second = await linkWith(user, 'lee')
    expect(second.statusCode).toBe(409)
    expect(second.json().code).toBe('cannot_link_more_of_type')
  })

  it('refuses linking without a session, and unlinking the last way in', async () => {
    const anonymous = await t.call('POST', '/api/v1/oauth/link', {
      appId,
      body: { state_code: randomBytes(24).toString('base64url') },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().code).toBe('must_be_authenticated')
    // The default test app has OAuth off.
    const offApp = await t.loginWithEmail('no-oauth@example.com')
    const off = await userCall(t, offApp, 'POST', '/api/v1/oauth/link', {
      body: { state_code: randomBytes(24).toString('base64url') },
    })
    expect(off.json().code).toBe('disallowed_login_method')

    const onlyOAuth = await signIn('octo', 'github')
    const last = await userCall(t, onlyOAuth, 'POST', '/api/v1/oauth/unlink', {
      appId,
      body: { provider: 'github', subject: 'octo' },
    })
    expect(last.statusCode).toBe(409)
    expect(last.json().code).toBe('cannot_unlink_last_account')
  })
})

it('lists every OAuth route in the OpenAPI document', async () => {
  await expectListedInOpenApi(
    t,
    ['init', 'callback', 'authenticate', 'link', 'unlink'].map((path) => `/api/v1/oauth/${path}`),
  )
})
