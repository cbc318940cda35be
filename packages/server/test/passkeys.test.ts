import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/identity/apps/types'
import {
  type AuthenticatedUser,
  ORIGIN,
  type SignedInLogin,
  startTestServer,
  type TestServer,
} from './harness'
import { createSoftAuthenticator, type SoftAuthenticator } from './support/passkeys/createSoftAuthenticator'
import { createP256Key, type P256Key, userCall } from './walletRequests'

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

let t: TestServer
let app: App
beforeAll(async () => {
  // Every test here calls from 127.0.0.1: the per-IP limits are raised so the file never trips them.
  t = await startTestServer({ env: { RATE_LIMIT_SCALE: '10' } })
  app = (await t.createApp({ name: 'Passkey App', loginMethods: ['email', 'passkey'] })).app
})
afterAll(() => t.close())

type Options = { challenge: string; [key: string]: unknown }
type CallOptions = { token?: string; body?: unknown; origin?: string | null; appId?: string; mfa?: string }

/** Each session's key, by its access token: the client that holds a token signs with its key. */
const keys = new Map<string, P256Key>()

/** Records a login's session key, so calls with its token are signed as its client signs them. */
function remember<T extends { token: string; key: P256Key }>(login: T): T {
  keys.set(login.token, login.key)
  return login
}

const post = (url: string, { token, body, origin, appId, mfa }: CallOptions = {}) => {
  const headers = { 'user-agent': CHROME_ON_MAC }
  // A signed-in call comes from the session's own client: signed with its key.
  if (token && origin === undefined)
    return userCall(t, { token, key: keys.get(token) ?? createP256Key() }, 'POST', url, {
      appId: appId ?? app.id,
      ...(body !== undefined ? { body } : {}),
      ...(mfa ? { mfaToken: mfa } : {}),
      headers,
    })
  return t.call('POST', url, {
    appId: appId ?? app.id,
    ...(token ? { token } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(origin !== undefined ? { origin } : {}),
    headers: { ...headers, ...(mfa ? { 'satchel-mfa-token': mfa } : {}) },
  })
}

async function options(url: string, call: CallOptions = {}): Promise<Options> {
  const response = await post(url, { body: {}, ...call })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().options
}

async function signUp(authenticator: SoftAuthenticator): Promise<SignedInLogin> {
  const init = await options('/api/v1/passkeys/register/init')
  const key = createP256Key()
  const response = await post('/api/v1/passkeys/register', {
    body: { authenticator_response: authenticator.register(init), session_public_key: key.publicJwk },
  })
  expect(response.statusCode, response.body).toBe(200)
  const login: AuthenticatedUser = response.json()
  return remember({ ...login, key })
}

/** A discoverable sign-in: fresh options, an assertion, the answer as the server gives it. */
async function signIn(
  authenticator: SoftAuthenticator,
  overrides: Parameters<SoftAuthenticator['authenticate']>[1] = {},
) {
  const init = await options('/api/v1/passkeys/authenticate/init')
  return post('/api/v1/passkeys/authenticate', {
    body: { authenticator_response: authenticator.authenticate(init, overrides) },
  })
}

async function linkPasskey(token: string, authenticator: SoftAuthenticator) {
  const init = await options('/api/v1/passkeys/link/init', { token })
  return post('/api/v1/passkeys/link', {
    token,
    body: { authenticator_response: authenticator.register(init) },
  })
}

async function credentialRow(credentialId: string) {
  const [row] = await t.database.db.query<{
    counter: string
    last_used_at: Date | null
    account_id: string | null
  }>(
    'select counter, last_used_at, account_id from passkey_credentials where app_id = $1 and credential_id = $2',
    [app.id, credentialId],
  )
  return row
}

describe('signing up and in with a passkey', () => {
  it('offers registration options for a discoverable passkey on the page’s hostname', async () => {
    const response = await post('/api/v1/passkeys/register/init', { body: { display_name: 'Ada' } })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.relying_party).toBe('localhost')
    expect(body.options).toMatchObject({
      rp: { id: 'localhost', name: 'Passkey App' },
      user: { name: 'Ada', displayName: 'Ada' },
      timeout: 300_000,
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
    })
    expect(body.options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-8, -7, -257])
    expect(body.options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(body.expires_at)).toBe(t.clock.now + 5 * 60_000)
  })

  it('registers a new user whose linked account is the passkey', async () => {
    const authenticator = createSoftAuthenticator(ORIGIN)
    const signedUp = await signUp(authenticator)
    const id = authenticator.credentials[0]?.id
    expect(signedUp.is_new_user).toBe(true)
    expect(signedUp.token).toEqual(expect.any(String))
    expect(signedUp.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'passkey',
        credential_id: id,
        created_with_browser: 'Chrome',
        created_with_os: 'macOS',
        device_type: 'single_device',
        backed_up: false,
      }),
    ])
    expect((await credentialRow(id ?? ''))?.account_id).toEqual(expect.any(String))
  })

  it('signs the same user in again with the passkey, without naming it (discoverable)', async () => {
    const authenticator = createSoftAuthenticator(ORIGIN)
    const signedUp = await signUp(authenticator)
    const init = await post('/api/v1/passkeys/authenticate/init', { body: {} })
    expect(init.json()).toMatchObject({
      relying_party: 'localhost',
      options: { rpId: 'localhost', allowCredentials: [], userVerification: 'required', timeout: 300_000 },
    })
    t.clock.advance(1000)
    const response = await post('/api/v1/passkeys/authenticate', {
      body: { authenticator_response: authenticator.authenticate(init.json().options), mode: 'no-signup' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ is_new_user: false, user: { id: signedUp.user.id } })
    const me = await t.call('GET', '/api/v1/users/me', { appId: app.id, token: response.json().token })
    expect(me.json().user.id).toBe(signedUp.user.id)
    const row = await credentialRow(authenticator.credentials[0]?.id ?? '')
    expect(Number(row?.counter)).toBe(1)
    expect(row?.last_used_at?.getTime()).toBe(t.clock.now)
  })

  it('keeps accepting a synced passkey whose counter stays 0', async () => {
    const authenticator = createSoftAuthenticator(ORIGIN)
    const signedUp = await signUp(authenticator)
    for (let i = 0; i < 2; i++) {
      const response = await signIn(authenticator, { counter: 0, synced: true })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().user.id).toBe(signedUp.user.id)
    }
  })

  it('binds the session to the session_public_key sent with the assertion', async () => {
    const authenticator = createSoftAuthenticator(ORIGIN)
    const signedUp = await signUp(authenticator)
    const init = await options('/api/v1/passkeys/authenticate/init')
    const key = { kty: 'EC', crv: 'P-256', x: 'A'.repeat(43), y: 'B'.repeat(43) }
    const response = await post('/api/v1/passkeys/authenticate', {
      body: { authenticator_response: authenticator.authenticate(init), session_public_key: key },
    })
    expect(response.statusCode).toBe(200)
    const sessions = await t.database.db.query<{ session_public_key: unknown }>(
      'select session_public_key from sessions where user_id = $1',
      [response.json().user.id],
    )
    // Each session is bound to the key sent with its own ceremony.
    expect(sessions.map((s) => s.session_public_key)).toEqual(
      expect.arrayContaining([signedUp.key.publicJwk, key]),
    )
    expect(sessions).toHaveLength(2)
  })

  it('accepts the incumbent’s snake_case authenticator_response as well', async () => {
    const authenticator = createSoftAuthenticator(ORIGIN)
    const init = await options('/api/v1/passkeys/register/init')
    const r = authenticator.register(init)
    const response = await post('/api/v1/passkeys/register', {
      body: {
        authenticator_response: {
          id: r.id,
          raw_id: r.rawId,
          type: r.type,
          response: {
            client_data_json: r.response.clientDataJSON,
            attestation_object: r.response.attestationObject,
            transports: r.response.transports,
          },
          client_extension_results: {},
          authenticator_attachment: 'platform',
        },
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().is_new_user).toBe(true)
  })
})

describe('refusals', () => {
  let authenticator: SoftAuthenticator
  beforeAll(async () => {
    authenticator = createSoftAuthenticator(ORIGIN)
    await signUp(authenticator)
  })

  const expectRefusal = (response: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(response.json()).toMatchObject({ code })
    expect(response.statusCode).toBe(status)
  }

  it('refuses a replayed assertion: its challenge was used (nonce_expired_or_used)', async () => {
    const init = await options('/api/v1/passkeys/authenticate/init')
    const body = { authenticator_response: authenticator.authenticate(init) }
    expect((await post('/api/v1/passkeys/authenticate', { body })).statusCode).toBe(200)
    expectRefusal(await post('/api/v1/passkeys/authenticate', { body }), 401, 'nonce_expired_or_used')
  })

  it('burns the challenge even when verification fails, so a corrected retry is refused', async () => {
    const init = await options('/api/v1/passkeys/authenticate/init')
    const bad = { authenticator_response: authenticator.authenticate(init, { corruptSignature: true }) }
    expectRefusal(await post('/api/v1/passkeys/authenticate', { body: bad }), 401, 'invalid_credentials')
    const good = { authenticator_response: authenticator.authenticate(init) }
    expectRefusal(await post('/api/v1/passkeys/authenticate', { body: good }), 401, 'nonce_expired_or_used')
  })

  it('refuses a challenge that was never issued, or is older than 5 minutes', async () => {
    const invented = { challenge: 'x'.repeat(43) }
    expectRefusal(
      await post('/api/v1/passkeys/authenticate', {
        body: { authenticator_response: authenticator.authenticate(invented) },
      }),
      401,
      'nonce_expired_or_used',
    )
    const init = await options('/api/v1/passkeys/authenticate/init')
    t.clock.advance(5 * 60_000 + 1)
    expectRefusal(
      await post('/api/v1/passkeys/authenticate', {
        body: { authenticator_response: authenticator.authenticate(init) },
      }),
      401,
      'nonce_expired_or_used',
    )
  })

  it('refuses a registration challenge used to sign in (each challenge is for one ceremony)', async () => {
    const init = await options('/api/v1/passkeys/register/init')
    expectRefusal(
      await post('/api/v1/passkeys/authenticate', {
        body: { authenticator_response: authenticator.authenticate(init) },
      }),
      401,
      'nonce_expired_or_used',
    )
  })

  it('refuses an assertion made for another origin (invalid_credentials)', async () => {
    expectRefusal(
      await signIn(authenticator, { origin: 'https://phishing.example' }),
      401,
      'invalid_credentials',
    )
  })

  it('refuses a request from an origin the app does not allow, or from no browser at all (invalid_origin)', async () => {
    expectRefusal(
      await post('/api/v1/passkeys/authenticate/init', { body: {}, origin: 'https://phishing.example' }),
      403,
      'invalid_origin',
    )
    expectRefusal(
      await post('/api/v1/passkeys/authenticate/init', { body: {}, origin: null }),
      403,
      'invalid_origin',
    )
  })

  it('refuses authenticator data signed for another rpID (invalid_credentials)', async () => {
    expectRefusal(await signIn(authenticator, { rpId: 'phishing.example' }), 401, 'invalid_credentials')
  })

  it('refuses a passkey sign-up or sign-in whose device did not verify the user (no PIN or biometric)', async () => {
    const fresh = createSoftAuthenticator(ORIGIN)
    const register = await options('/api/v1/passkeys/register/init')
    expectRefusal(
      await post('/api/v1/passkeys/register', {
        body: { authenticator_response: fresh.register(register, { unverifiedUser: true }) },
      }),
      401,
      'invalid_credentials',
    )
    expectRefusal(await signIn(authenticator, { unverifiedUser: true }), 401, 'invalid_credentials')
    // The same passkey, verified, still signs in.
    expect((await signIn(authenticator)).statusCode).toBe(200)
  })

  it('refuses a bad signature (invalid_credentials)', async () => {
    expectRefusal(await signIn(authenticator, { corruptSignature: true }), 401, 'invalid_credentials')
  })

  it('refuses a counter that does not increase, and records a possible cloned authenticator', async () => {
    const credential = authenticator.credentials[0]
    const id = credential?.id ?? ''
    expect((await signIn(authenticator, { counter: 50 })).statusCode).toBe(200)
    // A copy of the key that has signed fewer times than the original: a clone.
    expectRefusal(await signIn(authenticator, { counter: 50 }), 401, 'invalid_credentials')
    expectRefusal(await signIn(authenticator, { counter: 7 }), 401, 'invalid_credentials')
    expect(Number((await credentialRow(id))?.counter)).toBe(50)
    const audit = await t.database.db.query<{ outcome: string; details: Record<string, unknown> }>(
      "select outcome, details from audit_log where app_id = $1 and action = 'passkey.counter_not_increased' order by id",
      [app.id],
    )
    expect(audit).toEqual([
      {
        outcome: 'denied',
        details: { credential_id: id, stored: 50, received: 50, ceremony: 'authenticate' },
      },
      {
        outcome: 'denied',
        details: { credential_id: id, stored: 50, received: 7, ceremony: 'authenticate' },
      },
    ])
    expect((await signIn(authenticator, { counter: 51 })).statusCode).toBe(200)
    if (credential) credential.counter = 52
  })

  it('refuses a passkey no user holds (invalid_credentials)', async () => {
    const stranger = createSoftAuthenticator(ORIGIN)
    stranger.register({ challenge: 'never-sent' }) // made on the device, never registered with the server
    expectRefusal(await signIn(stranger), 401, 'invalid_credentials')
  })

  it('refuses a registration with a tampered origin or rpID (invalid_credentials)', async () => {
    const fresh = createSoftAuthenticator(ORIGIN)
    for (const overrides of [{ origin: 'https://phishing.example' }, { rpId: 'phishing.example' }]) {
      const init = await options('/api/v1/passkeys/register/init')
      expectRefusal(
        await post('/api/v1/passkeys/register', {
          body: { authenticator_response: fresh.register(init, overrides) },
        }),
        401,
        'invalid_credentials',
      )
    }
  })

  it('refuses every passkey route when the app has passkeys off (passkey_not_allowed)', async () => {
    const off = { appId: t.app.id, body: {} }
    expect(t.app.loginMethods).not.toContain('passkey')
    expectRefusal(await post('/api/v1/passkeys/register/init', off), 403, 'passkey_not_allowed')
    expectRefusal(await post('/api/v1/passkeys/authenticate/init', off), 403, 'passkey_not_allowed')
    // A response prepared against an app that has them on is refused before its challenge is looked at.
    const init = await options('/api/v1/passkeys/authenticate/init')
    expectRefusal(
      await post('/api/v1/passkeys/authenticate', {
        appId: t.app.id,
        body: { authenticator_response: authenticator.authenticate(init) },
      }),
      403,
      'passkey_not_allowed',
    )
    const login = remember(await t.loginWithEmail('passkeys-off@example.com'))
    expectRefusal(
      await post('/api/v1/passkeys/link/init', { appId: t.app.id, token: login.token, body: {} }),
      403,
      'passkey_not_allowed',
    )
  })

  it('refuses a malformed authenticator response (invalid_data)', async () => {
    expectRefusal(
      await post('/api/v1/passkeys/authenticate', {
        body: { authenticator_response: { id: 'abc', type: 'public-key', response: {} } },
      }),
      400,
      'invalid_data',
    )
  })
})

describe('linking and unlinking', () => {
  it('links a passkey to an email user, who can then sign in with it', async () => {
    const login = remember(await t.loginWithEmail('link-passkey@example.com', { appId: app.id }))
    const authenticator = createSoftAuthenticator(ORIGIN)
    const init = await post('/api/v1/passkeys/link/init', { token: login.token, body: {} })
    expect(init.json().options).toMatchObject({
      user: { name: 'link-passkey@example.com' },
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required' },
    })
    const linked = await post('/api/v1/passkeys/link', {
      token: login.token,
      body: { authenticator_response: authenticator.register(init.json().options) },
    })
    expect(linked.statusCode, linked.body).toBe(200)
    const id = authenticator.credentials[0]?.id
    expect(linked.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email', 'passkey'])
    expect(linked.json().linked_accounts[1]).toMatchObject({ credential_id: id })

    const again = await post('/api/v1/passkeys/link/init', { token: login.token, body: {} })
    expect(again.json().options.excludeCredentials).toEqual([
      { id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ])

    const signedIn = await signIn(authenticator)
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json()).toMatchObject({ is_new_user: false, user: { id: login.user.id } })
  })

  it('refuses to link a passkey another user holds (linked_to_another_user), keeping the owner’s key', async () => {
    const owner = createSoftAuthenticator(ORIGIN)
    const ownerUser = await signUp(owner)
    const ownerCredential = owner.credentials[0]
    const login = remember(await t.loginWithEmail('thief@example.com', { appId: app.id }))
    // The thief's authenticator claims the owner's (public) credential id with a key of its own.
    const thief = createSoftAuthenticator(ORIGIN)
    const init = await options('/api/v1/passkeys/link/init', { token: login.token })
    const claim = thief.register(init, { credentialId: Buffer.from(ownerCredential?.id ?? '', 'base64url') })
    const response = await post('/api/v1/passkeys/link', {
      token: login.token,
      body: { authenticator_response: claim },
    })
    expect(response.json()).toMatchObject({ code: 'linked_to_another_user' })
    expect(response.statusCode).toBe(409)
    // Nor can the claim sign up, or sign in as the owner: the stored key is still the owner's.
    const signUpInit = await options('/api/v1/passkeys/register/init')
    const forged = thief.register(signUpInit, {
      credentialId: Buffer.from(ownerCredential?.id ?? '', 'base64url'),
    })
    const forgedSignUp = await post('/api/v1/passkeys/register', { body: { authenticator_response: forged } })
    expect(forgedSignUp.json()).toMatchObject({ code: 'linked_to_another_user' })
    expect((await signIn(thief, { credential: thief.credentials.at(-1) })).json()).toMatchObject({
      code: 'invalid_credentials',
    })
    const ownerSignIn = await signIn(owner, { credential: ownerCredential })
    expect(ownerSignIn.json().user.id).toBe(ownerUser.user.id)
  })

  it('unlinks a passkey, which then signs no one in; the last way in stays', async () => {
    const login = remember(await t.loginWithEmail('unlink-passkey@example.com', { appId: app.id }))
    const authenticator = createSoftAuthenticator(ORIGIN)
    expect((await linkPasskey(login.token, authenticator)).statusCode).toBe(200)
    const id = authenticator.credentials[0]?.id
    const unlinked = await post('/api/v1/passkeys/unlink', {
      token: login.token,
      body: { credential_id: id },
    })
    expect(unlinked.statusCode, unlinked.body).toBe(200)
    expect(unlinked.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
    expect(await credentialRow(id ?? '')).toBeUndefined()
    expect((await signIn(authenticator)).json()).toMatchObject({ code: 'invalid_credentials' })

    const only = createSoftAuthenticator(ORIGIN)
    const passkeyOnly = await signUp(only)
    const last = await post('/api/v1/passkeys/unlink', {
      token: passkeyOnly.token,
      body: { credential_id: only.credentials[0]?.id },
    })
    expect(last.json()).toMatchObject({ code: 'cannot_unlink_last_account' })
    expect(last.statusCode).toBe(409)
    expect((await signIn(only)).statusCode).toBe(200)
  })

  it('refuses a sixth passkey (cannot_link_more_of_type) and keeps no trace of it', async () => {
    const login = remember(await t.loginWithEmail('six-passkeys@example.com', { appId: app.id }))
    const authenticator = createSoftAuthenticator(ORIGIN)
    for (let i = 0; i < 5; i++) expect((await linkPasskey(login.token, authenticator)).statusCode).toBe(200)
    const sixth = await linkPasskey(login.token, authenticator)
    expect(sixth.json()).toMatchObject({ code: 'cannot_link_more_of_type' })
    expect(sixth.statusCode).toBe(409)
    expect(await credentialRow(authenticator.credentials[5]?.id ?? '')).toBeUndefined()
    expect((await signIn(authenticator)).json()).toMatchObject({ code: 'invalid_credentials' })
  })

  it('does not accept a link ceremony begun by another session', async () => {
    const a = remember(await t.loginWithEmail('session-a@example.com', { appId: app.id }))
    const b = remember(await t.loginWithEmail('session-b@example.com', { appId: app.id }))
    const init = await options('/api/v1/passkeys/link/init', { token: a.token })
    const response = await post('/api/v1/passkeys/link', {
      token: b.token,
      body: { authenticator_response: createSoftAuthenticator(ORIGIN).register(init) },
    })
    expect(response.json()).toMatchObject({ code: 'nonce_expired_or_used' })
  })
})

describe('passkey as a second factor', () => {
  async function userWithPasskeys(email: string, count: number) {
    const login = remember(await t.loginWithEmail(email, { appId: app.id }))
    const authenticator = createSoftAuthenticator(ORIGIN)
    for (let i = 0; i < count; i++)
      expect((await linkPasskey(login.token, authenticator)).statusCode).toBe(200)
    return { login, authenticator, ids: authenticator.credentials.map((c) => c.id) }
  }

  it('enrols a passkey, restricts the MFA options to it, and answers an MFA token that unlocks MFA changes', async () => {
    const { login, authenticator, ids } = await userWithPasskeys('mfa-passkey@example.com', 2)
    const [enrolled, other] = authenticator.credentials
    expect((await post('/api/v1/mfa/passkeys/init', { token: login.token })).json()).toMatchObject({
      code: 'invalid_data',
      error: 'This MFA method is not enrolled',
    })

    const enroll = await post('/api/v1/mfa/passkeys/enroll', {
      token: login.token,
      body: { credential_ids: [ids[0]] },
    })
    expect(enroll.statusCode, enroll.body).toBe(200)
    expect(enroll.json()).toEqual({ mfa_methods: ['passkey'] })
    const me = await t.call('GET', '/api/v1/users/me', { appId: app.id, token: login.token })
    expect(me.json().user.mfa_methods).toEqual(['passkey'])

    const init = await post('/api/v1/mfa/passkeys/init', { token: login.token })
    expect(init.statusCode, init.body).toBe(200)
    expect(init.json().options.allowCredentials).toEqual([
      { id: ids[0], type: 'public-key', transports: ['internal', 'hybrid'] },
    ])
    // The user's other passkey is not the enrolled factor.
    const wrong = await post('/api/v1/mfa/passkeys/verify', {
      token: login.token,
      body: {
        authenticator_response: authenticator.authenticate(init.json().options, { credential: other }),
      },
    })
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' })
    // The enrolled passkey, on a device that did not verify its user: not a second factor.
    const unverifiedInit = await post('/api/v1/mfa/passkeys/init', { token: login.token })
    const unverified = await post('/api/v1/mfa/passkeys/verify', {
      token: login.token,
      body: {
        authenticator_response: authenticator.authenticate(unverifiedInit.json().options, {
          credential: enrolled,
          unverifiedUser: true,
        }),
      },
    })
    expect(unverified.json()).toMatchObject({ code: 'invalid_credentials' })

    const fresh = await post('/api/v1/mfa/passkeys/init', { token: login.token })
    const verify = await post('/api/v1/mfa/passkeys/verify', {
      token: login.token,
      body: {
        authenticator_response: authenticator.authenticate(fresh.json().options, { credential: enrolled }),
      },
    })
    expect(verify.statusCode, verify.body).toBe(200)
    const mfaToken: string = verify.json().token
    expect(mfaToken).toMatch(/^[A-Za-z0-9_-]{43}$/)

    expect((await post('/api/v1/mfa/passkeys/unenroll', { token: login.token })).json()).toMatchObject({
      code: 'missing_or_invalid_mfa',
    })
    const unenroll = await post('/api/v1/mfa/passkeys/unenroll', { token: login.token, mfa: mfaToken })
    expect(unenroll.statusCode, unenroll.body).toBe(200)
    expect(unenroll.json()).toEqual({ mfa_methods: [] })
  })

  it('does not let a sign-in use an MFA challenge, nor one user pass another’s MFA', async () => {
    const alice = await userWithPasskeys('mfa-alice@example.com', 1)
    const bob = await userWithPasskeys('mfa-bob@example.com', 1)
    for (const u of [alice, bob])
      expect(
        (await post('/api/v1/mfa/passkeys/enroll', { token: u.login.token, body: { credential_ids: u.ids } }))
          .statusCode,
      ).toBe(200)
    const mfaInit = await options('/api/v1/mfa/passkeys/init', { token: alice.login.token })
    const asLogin = await post('/api/v1/passkeys/authenticate', {
      body: { authenticator_response: alice.authenticator.authenticate(mfaInit) },
    })
    expect(asLogin.json()).toMatchObject({ code: 'nonce_expired_or_used' })
    const bobInit = await options('/api/v1/mfa/passkeys/init', { token: bob.login.token })
    const crossed = await post('/api/v1/mfa/passkeys/verify', {
      token: bob.login.token,
      body: { authenticator_response: alice.authenticator.authenticate(bobInit) },
    })
    expect(crossed.json()).toMatchObject({ code: 'invalid_credentials' })
  })

  it('enrols only the user’s own passkeys, and changing the factor needs a fresh MFA token', async () => {
    const { login, ids } = await userWithPasskeys('mfa-change@example.com', 2)
    const someoneElse = createSoftAuthenticator(ORIGIN)
    await signUp(someoneElse)
    const foreign = await post('/api/v1/mfa/passkeys/enroll', {
      token: login.token,
      body: { credential_ids: [someoneElse.credentials[0]?.id] },
    })
    expect(foreign.json()).toMatchObject({ code: 'invalid_data' })
    expect(
      (await post('/api/v1/mfa/passkeys/enroll', { token: login.token, body: { credential_ids: [ids[0]] } }))
        .statusCode,
    ).toBe(200)
    const change = await post('/api/v1/mfa/passkeys/enroll', {
      token: login.token,
      body: { credential_ids: ids },
    })
    expect(change.json()).toMatchObject({ code: 'missing_or_invalid_mfa' })
  })

  it('unlinking an enrolled passkey needs a fresh MFA token, and takes the factor with the last one', async () => {
    const { login, authenticator, ids } = await userWithPasskeys('mfa-unlink@example.com', 1)
    await post('/api/v1/mfa/passkeys/enroll', { token: login.token, body: { credential_ids: ids } })
    const refused = await post('/api/v1/passkeys/unlink', {
      token: login.token,
      body: { credential_id: ids[0] },
    })
    expect(refused.json()).toMatchObject({ code: 'missing_or_invalid_mfa' })

    const init = await options('/api/v1/mfa/passkeys/init', { token: login.token })
    const verify = await post('/api/v1/mfa/passkeys/verify', {
      token: login.token,
      body: { authenticator_response: authenticator.authenticate(init) },
    })
    const unlinked = await post('/api/v1/passkeys/unlink', {
      token: login.token,
      body: { credential_id: ids[0] },
      mfa: verify.json().token,
    })
    expect(unlinked.statusCode, unlinked.body).toBe(200)
    expect(unlinked.json()).toMatchObject({ linked_accounts: [{ type: 'email' }], mfa_methods: [] })
  })
})

it('lists every passkey route in the OpenAPI document', async () => {
  const doc = (await t.server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json()
  const paths = Object.keys(doc.paths)
  for (const path of [
    '/api/v1/passkeys/register/init',
    '/api/v1/passkeys/register',
    '/api/v1/passkeys/link/init',
    '/api/v1/passkeys/link',
    '/api/v1/passkeys/authenticate/init',
    '/api/v1/passkeys/authenticate',
    '/api/v1/passkeys/unlink',
    '/api/v1/mfa/passkeys/init',
    '/api/v1/mfa/passkeys/verify',
    '/api/v1/mfa/passkeys/enroll',
    '/api/v1/mfa/passkeys/unenroll',
  ])
    expect(paths).toContain(path)
  expect(doc.paths['/api/v1/passkeys/link'].post.security).toEqual([{ bearer: [] }])
})
