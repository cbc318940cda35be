// Security tests of the guards (issue 16, findings 2, 3 and 7): what a stolen access token, or a
// signing session without a fresh second factor or login, can no longer do; and how the owner
// confirms it is them ("reauthenticate") with each kind of login method.
import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/identity/apps/types'
import { ORIGIN, startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { createSoftAuthenticator } from './support/passkeys/createSoftAuthenticator'
import {
  createP256Key,
  createWallet,
  enrollTotp,
  type SignedInUser,
  signedCall,
  signInWithKey,
  userCall,
  verifyTotp,
} from './walletRequests'

let t: TestServer
let walletApp: App
beforeAll(async () => {
  // Every call comes from 127.0.0.1: the per-IP login limits are raised so the file never trips them.
  t = await startTestServer({ env: { RATE_LIMIT_SCALE: '10' } })
  walletApp = (
    await t.createApp({ name: 'Wallet login app', loginMethods: ['email', 'passkey', 'siwe', 'siws'] })
  ).app
})
afterAll(() => t.close())

let phones = 0
function newPhone(): string {
  phones += 1
  return `+1415555${String(3000 + phones).padStart(4, '0')}`
}

/**
 * A code sent to an address (the outbox stands in for the inbox), as the public init route sends it,
 * with the `flow_id` it must be entered with.
 */
async function codeFor(
  channel: 'email' | 'sms',
  to: string,
  appId = t.app.id,
): Promise<{ code: string; flow_id: string }> {
  const path = channel === 'email' ? '/api/v1/passwordless/init' : '/api/v1/passwordless_sms/init'
  const init = await t.call('POST', path, {
    appId,
    body: channel === 'email' ? { email: to } : { phone_number: to },
  })
  expect(init.statusCode, init.body).toBe(200)
  return { code: await t.latestCode(to, appId), flow_id: init.json().flow_id }
}

const me = async (token: string) => (await t.call('GET', '/api/v1/users/me', { token })).json().user

const recipientKey = () => {
  const { x, y } = createP256Key().publicJwk
  return { kty: 'EC', crv: 'P-256', x, y }
}

describe('finding 2: an access token alone reveals no key', () => {
  it('an access token alone cannot export the private key or the seed phrase', async () => {
    const victim = await signInWithKey(t, 'export-victim@example.com')
    const wallet = await createWallet(t, victim.token)
    for (const what of ['private_key', 'mnemonic']) {
      // Right after the victim signed in, with no MFA: exactly when the old rule let a token through.
      const stolen = await t.call('POST', `/api/v1/wallets/${wallet.id}/export`, {
        token: victim.token,
        body: { recipient_public_key: recipientKey(), what },
      })
      expectAnswer(stolen, 401, {
        code: 'invalid_authorization_signature',
        error: 'Missing or invalid authorization signature',
      })
    }
    // Another key's signature is no better than none.
    const forged = await userCall(
      t,
      { token: victim.token, key: createP256Key() },
      'POST',
      `/api/v1/wallets/${wallet.id}/export`,
      {
        body: { recipient_public_key: recipientKey() },
      },
    )
    expect(forged.json().code).toBe('invalid_authorization_signature')
    // The owner's own client, signing with the session key, still exports.
    const owner = await userCall(t, victim, 'POST', `/api/v1/wallets/${wallet.id}/export`, {
      body: { recipient_public_key: recipientKey() },
    })
    expect(owner.statusCode, owner.body).toBe(200)
  })
})

describe('finding 3: an access token alone cannot take the account over', () => {
  it("an access token alone cannot link the attacker's phone, unlink the email, or let the attacker sign in as the victim", async () => {
    const victim = await signInWithKey(t, 'takeover-victim@example.com')
    const attackerPhone = newPhone()
    const proof = await codeFor('sms', attackerPhone)
    const link = await t.call('POST', '/api/v1/passwordless_sms/link', {
      token: victim.token,
      body: { phone_number: attackerPhone, ...proof },
    })
    expect(link.statusCode).toBe(401)
    expect(link.json().code).toBe('invalid_authorization_signature')
    const unlink = await t.call('POST', '/api/v1/passwordless/unlink', {
      token: victim.token,
      body: { email: 'takeover-victim@example.com' },
    })
    expect(unlink.json().code).toBe('invalid_authorization_signature')
    // The code was never spent on the victim: signing in with it makes the attacker a user of their own.
    const attacker = await t.call('POST', '/api/v1/passwordless_sms/authenticate', {
      body: { phone_number: attackerPhone, ...proof },
    })
    expect(attacker.statusCode, attacker.body).toBe(200)
    expect(attacker.json().user.id).not.toBe(victim.userId)
    expect((await me(victim.token)).linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: 'takeover-victim@example.com' }),
    ])
  })

  it('every route that links, unlinks, changes MFA, recovery, signers, policies or sessions refuses an access token alone', async () => {
    const victim = await signInWithKey(t, 'takeover-every-route@example.com')
    const guarded = t.server.satchelRouteGuards.filter((route) => route.guard.startsWith('user+signed'))
    // The list itself is the point: each of these is a way to take over an account or a wallet.
    expect(guarded.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/wallets/:wallet_id/export',
        'POST /api/v1/passwordless/link',
        'POST /api/v1/passwordless_sms/unlink',
        'POST /api/v1/siwe/link',
        'POST /api/v1/oauth/unlink',
        'POST /api/v1/passkeys/link/init',
        'POST /api/v1/passkeys/link',
        'POST /api/v1/passkeys/unlink',
        'POST /api/v1/mfa/totp/init',
        'POST /api/v1/mfa/passwordless_sms/unenroll',
        'POST /api/v1/mfa/passkeys/enroll',
        'POST /api/v1/recovery/passcode',
        'DELETE /api/v1/recovery',
        'POST /api/v1/recovery/oauth/init',
        'PATCH /api/v1/wallets/:wallet_id',
        'POST /api/v1/wallets/revoke',
        'POST /api/v1/policies',
        'PATCH /api/v1/wallets/:wallet_id/policies',
        'POST /api/v1/sessions/logout_all',
      ]),
    )
    for (const route of guarded) {
      const path = route.url.replace(/:(\w+)/g, 'x_$1')
      const method = route.method as 'POST' | 'PATCH' | 'DELETE'
      const response = await t.call(method, path, { token: victim.token, body: {} })
      expect([route.url, response.json().code]).toEqual([route.url, 'invalid_authorization_signature'])
    }
  })

  it('with TOTP enrolled, even the session key cannot link or unlink without a fresh MFA token', async () => {
    const victim = await signInWithKey(t, 'takeover-totp@example.com')
    const phone = newPhone()
    const secret = await enrollTotp(t, victim)
    const proof = await codeFor('sms', phone)
    const link = await userCall(t, victim, 'POST', '/api/v1/passwordless_sms/link', {
      body: { phone_number: phone, ...proof },
    })
    expectAnswer(link, 403, {
      code: 'missing_or_invalid_mfa',
      error: 'Verify your second factor first: this action needs a fresh MFA verification',
    })
    // Not even right after sign-in: proving a login method again is no second factor.
    const unlink = await userCall(t, victim, 'POST', '/api/v1/passwordless/unlink', {
      body: { email: 'takeover-totp@example.com' },
    })
    expect(unlink.json().code).toBe('missing_or_invalid_mfa')
    // The owner passes TOTP, and the same code (not consumed by the refusal) links the phone.
    const mfaToken = await verifyTotp(t, victim.token, secret)
    const owner = await userCall(t, victim, 'POST', '/api/v1/passwordless_sms/link', {
      body: { phone_number: phone, ...proof },
      mfaToken,
    })
    expect(owner.statusCode, owner.body).toBe(200)
    expect(owner.json().linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'phone', number: phone }),
    )
  })

  it('without MFA, unlinking needs a login proved in the last 5 minutes; confirming with a code gives it back', async () => {
    const user = await signInWithKey(t, 'unlink-fresh@example.com')
    const phone = newPhone()
    const linked = await userCall(t, user, 'POST', '/api/v1/passwordless_sms/link', {
      body: { phone_number: phone, ...(await codeFor('sms', phone)) },
    })
    expect(linked.statusCode, linked.body).toBe(200)
    t.clock.advance(5 * 60_000 + 1_000)
    // Linking adds a way in without asking for a recent login (the signature is the consent)...
    const unlink = () =>
      userCall(t, user, 'POST', '/api/v1/passwordless_sms/unlink', { body: { phone_number: phone } })
    expect((await unlink()).json().code).toBe('reauthentication_required')
    // ...removing one does: the owner confirms with a new code to their email.
    const confirm = await userCall(t, user, 'POST', '/api/v1/passwordless/reauthenticate', {
      body: { email: 'unlink-fresh@example.com', ...(await codeFor('email', 'unlink-fresh@example.com')) },
    })
    expect(confirm.statusCode, confirm.body).toBe(200)
    expect(confirm.json()).toEqual({ reauthenticated_at: Math.floor(t.clock.now / 1000) })
    const done = await unlink()
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().linked_accounts).toEqual([expect.objectContaining({ type: 'email' })])
    // The proof ages out like a sign-in.
    t.clock.advance(5 * 60_000 + 1_000)
    const again = await userCall(
      t,
      user,
      'POST',
      `/api/v1/wallets/${(await createWallet(t, user.token)).id}/export`,
      {
        body: { recipient_public_key: recipientKey() },
      },
    )
    expect(again.json().code).toBe('reauthentication_required')
  })
})

describe('finding 7 (first half): no ransom lock with a token', () => {
  it('an access token alone cannot set a first recovery passcode', async () => {
    const victim = await signInWithKey(t, 'ransom-token@example.com')
    await createWallet(t, victim.token)
    const response = await t.call('POST', '/api/v1/recovery/passcode', {
      token: victim.token,
      body: { passcode: 'correct horse battery staple ransom' },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('invalid_authorization_signature')
    expect((await t.call('GET', '/api/v1/recovery', { token: victim.token })).json()).toEqual({
      method: null,
      unlocked: true,
    })
  })

  it('a signing session without a recent login cannot set a first passcode; after confirming it can, and changing it needs only the signature', async () => {
    const user = await signInWithKey(t, 'ransom-session@example.com')
    await createWallet(t, user.token)
    t.clock.advance(5 * 60_000 + 1_000)
    const first = await userCall(t, user, 'POST', '/api/v1/recovery/passcode', {
      body: { passcode: 'correct horse battery staple first' },
    })
    expect(first.statusCode).toBe(403)
    expect(first.json().code).toBe('reauthentication_required')
    const confirm = await userCall(t, user, 'POST', '/api/v1/passwordless/reauthenticate', {
      body: {
        email: 'ransom-session@example.com',
        ...(await codeFor('email', 'ransom-session@example.com')),
      },
    })
    expect(confirm.statusCode, confirm.body).toBe(200)
    const set = await userCall(t, user, 'POST', '/api/v1/recovery/passcode', {
      body: { passcode: 'correct horse battery staple first' },
    })
    expect(set.json()).toEqual({ method: 'passcode', unlocked: true })
    // Later, a change proves the current passcode instead of a recent login.
    t.clock.advance(30 * 60_000)
    const change = await userCall(t, user, 'POST', '/api/v1/recovery/passcode', {
      body: {
        passcode: 'correct horse battery staple second',
        current_passcode: 'correct horse battery staple first',
      },
    })
    expect(change.statusCode, change.body).toBe(200)
  })
})

describe('confirming it is you (reauthenticate)', () => {
  it('an access token alone cannot reauthenticate, even with a valid code', async () => {
    const user = await signInWithKey(t, 'reauth-token@example.com')
    const response = await t.call('POST', '/api/v1/passwordless/reauthenticate', {
      token: user.token,
      body: { email: 'reauth-token@example.com', ...(await codeFor('email', 'reauth-token@example.com')) },
    })
    expect(response.json().code).toBe('invalid_authorization_signature')
  })

  it("proving someone else's account (or no one's) is invalid_credentials and confirms nothing", async () => {
    const user = await signInWithKey(t, 'reauth-mine@example.com')
    await signInWithKey(t, 'reauth-theirs@example.com')
    const wallet = await createWallet(t, user.token)
    t.clock.advance(5 * 60_000 + 1_000)
    for (const email of ['reauth-theirs@example.com', 'reauth-nobody@example.com']) {
      const response = await userCall(t, user, 'POST', '/api/v1/passwordless/reauthenticate', {
        body: { email, ...(await codeFor('email', email)) },
      })
      expectAnswer(response, 401, {
        code: 'invalid_credentials',
        error: 'This account is not linked to the signed-in user: confirm with one of your own',
      })
    }
    const exported = await userCall(t, user, 'POST', `/api/v1/wallets/${wallet.id}/export`, {
      body: { recipient_public_key: recipientKey() },
    })
    expect(exported.json().code).toBe('reauthentication_required')
  })

  it('confirms with a code texted to the phone', async () => {
    const phone = newPhone()
    const key = createP256Key()
    const login = await t.call('POST', '/api/v1/passwordless_sms/authenticate', {
      body: { phone_number: phone, ...(await codeFor('sms', phone)), session_public_key: key.publicJwk },
    })
    const user = { token: login.json().token as string, key }
    const wallet = await createWallet(t, user.token)
    t.clock.advance(5 * 60_000 + 1_000)
    const confirm = await userCall(t, user, 'POST', '/api/v1/passwordless_sms/reauthenticate', {
      body: { phone_number: phone, ...(await codeFor('sms', phone)) },
    })
    expect(confirm.statusCode, confirm.body).toBe(200)
    const exported = await userCall(t, user, 'POST', `/api/v1/wallets/${wallet.id}/export`, {
      body: { recipient_public_key: recipientKey() },
    })
    expect(exported.statusCode, exported.body).toBe(200)
  })

  it('confirms with a passkey (user verification required), bound to this session', async () => {
    const authenticator = createSoftAuthenticator(ORIGIN)
    const key = createP256Key()
    const post = (path: string, body: unknown, token?: string) =>
      t.call('POST', path, { appId: walletApp.id, body, ...(token ? { token } : {}) })
    const registerInit = await post('/api/v1/passkeys/register/init', {})
    const signUp = await post('/api/v1/passkeys/register', {
      authenticator_response: authenticator.register(registerInit.json().options),
      session_public_key: key.publicJwk,
    })
    expect(signUp.statusCode, signUp.body).toBe(200)
    const user = { token: signUp.json().token as string, key }
    t.clock.advance(5 * 60_000 + 1_000)
    const asUser = (path: string, body: unknown) =>
      userCall(t, user, 'POST', path, { body, appId: walletApp.id })
    // Unsigned, it does not even start.
    expect((await post('/api/v1/passkeys/reauthenticate/init', {}, user.token)).json().code).toBe(
      'invalid_authorization_signature',
    )
    const init = await asUser('/api/v1/passkeys/reauthenticate/init', {})
    expect(init.statusCode, init.body).toBe(200)
    expect(init.json().options.userVerification).toBe('required')
    const confirm = await asUser('/api/v1/passkeys/reauthenticate', {
      authenticator_response: authenticator.authenticate(init.json().options),
    })
    expect(confirm.statusCode, confirm.body).toBe(200)
    const [session] = await t.database.db.query<{ reauthenticated_at: Date | null }>(
      'select reauthenticated_at from sessions where user_id = $1',
      [signUp.json().user.id],
    )
    expect(session?.reauthenticated_at?.getTime()).toBe(t.clock.now)
  })

  it('confirms with an Ethereum wallet signature (SIWE) and a Solana one (SIWS)', async () => {
    const account = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`)
    const siwe = async () => {
      const nonce = (
        await t.call('POST', '/api/v1/siwe/init', { appId: walletApp.id, body: { address: account.address } })
      ).json().nonce
      const message = createSiweMessage({
        domain: new URL(ORIGIN).host,
        address: account.address,
        uri: ORIGIN,
        version: '1',
        chainId: 1,
        nonce,
        issuedAt: new Date(t.clock.now),
      })
      return { message, signature: await account.signMessage({ message }), chain_id: 1 }
    }
    const key = createP256Key()
    const login = await t.call('POST', '/api/v1/siwe/authenticate', {
      appId: walletApp.id,
      body: { ...(await siwe()), session_public_key: key.publicJwk },
    })
    expect(login.statusCode, login.body).toBe(200)
    const user = { token: login.json().token as string, key }
    const asUser = (path: string, body: unknown) =>
      userCall(t, user, 'POST', path, { body, appId: walletApp.id })

    const secretKey = ed25519.utils.randomPrivateKey()
    const solana = base58.encode(ed25519.getPublicKey(secretKey))
    const siws = async () => {
      const nonce = (
        await t.call('POST', '/api/v1/siws/init', { appId: walletApp.id, body: { address: solana } })
      ).json().nonce
      const message = `${new URL(ORIGIN).host} wants you to sign in with your Solana account:\n${solana}\n\nURI: ${ORIGIN}\nVersion: 1\nChain ID: mainnet\nNonce: ${nonce}\nIssued At: ${new Date(t.clock.now).toISOString()}`
      const signature = Buffer.from(ed25519.sign(new TextEncoder().encode(message), secretKey)).toString(
        'base64',
      )
      return { message, signature }
    }
    const linked = await asUser('/api/v1/siws/link', await siws())
    expect(linked.statusCode, linked.body).toBe(200)

    t.clock.advance(5 * 60_000 + 1_000)
    const unlinkSolana = () => asUser('/api/v1/siws/unlink', { address: solana })
    expect((await unlinkSolana()).json().code).toBe('reauthentication_required')
    expect((await asUser('/api/v1/siwe/reauthenticate', await siwe())).statusCode).toBe(200)
    expect((await unlinkSolana()).statusCode).toBe(200)

    // Linked again, then confirmed by the Solana wallet itself.
    expect((await asUser('/api/v1/siws/link', await siws())).statusCode).toBe(200)
    t.clock.advance(5 * 60_000 + 1_000)
    expect((await unlinkSolana()).json().code).toBe('reauthentication_required')
    expect((await asUser('/api/v1/siws/reauthenticate', await siws())).statusCode).toBe(200)
    expect((await unlinkSolana()).statusCode).toBe(200)
  })

  it('a guest, who has no login method to prove, is told to add one first', async () => {
    const key = createP256Key()
    const guest = await t.call('POST', '/api/v1/guest/authenticate', {
      body: { guest_credential: randomBytes(32).toString('base64url'), session_public_key: key.publicJwk },
    })
    expect(guest.statusCode, guest.body).toBe(200)
    const user = { token: guest.json().token as string, key }
    const wallet = await createWallet(t, user.token)
    t.clock.advance(5 * 60_000 + 1_000)
    const response = await userCall(t, user, 'POST', `/api/v1/wallets/${wallet.id}/export`, {
      body: { recipient_public_key: recipientKey() },
    })
    expect(response.json()).toEqual({
      code: 'reauthentication_required',
      error:
        "A guest account cannot confirm it's you: link an email, a phone, a passkey or a wallet first, then confirm with it",
    })
  })
})

describe('other credentials alone', () => {
  it("the app secret alone cannot export, link, unlink, change MFA or signers, or lock a user's wallets", async () => {
    const user = await signInWithKey(t, 'app-secret-victim@example.com')
    const wallet = await createWallet(t, user.token)
    const basic = `Basic ${Buffer.from(`${t.app.id}:${t.appSecret}`).toString('base64')}`
    const attempts: Array<['POST' | 'PATCH', string, unknown]> = [
      ['POST', `/api/v1/wallets/${wallet.id}/export`, { recipient_public_key: recipientKey() }],
      ['POST', '/api/v1/passwordless/unlink', { email: 'app-secret-victim@example.com' }],
      ['POST', '/api/v1/passwordless_sms/link', { phone_number: newPhone(), code: '123456' }],
      ['POST', '/api/v1/mfa/totp/init', {}],
      ['PATCH', `/api/v1/wallets/${wallet.id}`, { additional_signers: [] }],
      ['POST', '/api/v1/recovery/passcode', { passcode: 'correct horse battery staple app' }],
      ['POST', '/api/v1/sessions/logout_all', {}],
    ]
    for (const [method, path, body] of attempts) {
      const response = await t.call(method, path, { body, origin: null, headers: { authorization: basic } })
      expect([path, response.statusCode, response.json().code]).toEqual([path, 401, 'must_be_authenticated'])
    }
  })

  it('the session key alone, without the access token of its session, is refused before anything else', async () => {
    const user = await signInWithKey(t, 'key-alone@example.com')
    const wallet = await createWallet(t, user.token)
    const response = await signedCall(t, 'POST', `/api/v1/wallets/${wallet.id}/export`, {
      key: user.key,
      body: { recipient_public_key: recipientKey() },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('must_be_authenticated')
  })
})

describe('logging out everywhere', () => {
  it('an access token alone cannot sign the owner out of every device', async () => {
    const phone: SignedInUser = await signInWithKey(t, 'everywhere@example.com')
    const laptop = await signInWithKey(t, 'everywhere@example.com')
    const stolen = await t.call('POST', '/api/v1/sessions/logout_all', { token: laptop.token, body: {} })
    expect(stolen.json().code).toBe('invalid_authorization_signature')
    // The old form is refused, pointing to the route that replaced it.
    const old = await t.call('POST', '/api/v1/sessions/logout', { token: laptop.token, body: { all: true } })
    expectAnswer(old, 400, {
      code: 'invalid_data',
      error:
        'Logging out everywhere has its own route: POST /api/v1/sessions/logout_all, signed with the session key',
    })
    expect((await t.call('GET', '/api/v1/users/me', { token: phone.token })).statusCode).toBe(200)
    // The owner's signed request ends both sessions.
    const owner = await userCall(t, laptop, 'POST', '/api/v1/sessions/logout_all', { body: {} })
    expect(owner.json()).toEqual({ sessions_ended: 2 })
    expect((await t.call('GET', '/api/v1/users/me', { token: phone.token })).json().code).toBe(
      'missing_or_invalid_token',
    )
  })
})
