import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unlinkAccount } from '../src/identity/users/linkAccount'
import { type SignedInLogin, startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { createP256Key, userCall } from './walletRequests'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t.close())

let counter = 0
/** A fresh US number per test, so codes and rate limits never mix between tests. */
function newPhone(): string {
  counter += 1
  return `+1415555${String(1000 + counter).padStart(4, '0')}`
}

/** A flow id of the right shape that no init answered. */
const NO_FLOW = 'otp_aaaaaaaaaaaaaaaaaaaaaa'

async function loginWithPhone(phone: string, appId = t.app.id): Promise<SignedInLogin> {
  const { code, flowId } = await t.sendCode(phone, { appId })
  const key = createP256Key()
  const r = await t.call('POST', '/api/v1/passwordless_sms/authenticate', {
    appId,
    body: { phone_number: phone, code, flow_id: flowId, session_public_key: key.publicJwk },
  })
  expect(r.statusCode).toBe(200)
  return { ...r.json(), key }
}

/** A guest sign-in with a session key, as the SDK does it. */
async function loginAsGuest(): Promise<SignedInLogin> {
  const key = createP256Key()
  const r = await t.call('POST', '/api/v1/guest/authenticate', {
    body: { guest_credential: randomBytes(32).toString('base64url'), session_public_key: key.publicJwk },
  })
  expect(r.statusCode).toBe(200)
  return { ...r.json(), key }
}

async function linkEmail(login: SignedInLogin, email: string, appId = t.app.id) {
  const init = await t.call('POST', '/api/v1/passwordless/init', { appId, body: { email } })
  expect(init.statusCode).toBe(200)
  const code = await t.latestCode(email.toLowerCase(), appId)
  return userCall(t, login, 'POST', '/api/v1/passwordless/link', {
    appId,
    body: { email, code, flow_id: init.json().flow_id },
  })
}

async function linkPhone(login: SignedInLogin, phone: string, appId = t.app.id) {
  const { code, flowId } = await t.sendCode(phone, { appId })
  return userCall(t, login, 'POST', '/api/v1/passwordless_sms/link', {
    appId,
    body: { phone_number: phone, code, flow_id: flowId },
  })
}

const me = async (token: string) => (await t.call('GET', '/api/v1/users/me', { token })).json().user

describe('linking an email or a phone', () => {
  it('links an email to a user who signed in by text, and both are listed afterwards', async () => {
    const login = await loginWithPhone(newPhone())
    const r = await linkEmail(login, 'Linker@Example.com')
    expect(r.statusCode).toBe(200)
    expect(r.json().linked_accounts).toEqual([
      expect.objectContaining({ type: 'phone', number: login.user.linked_accounts[0]?.number }),
      expect.objectContaining({ type: 'email', address: 'linker@example.com' }),
    ])
    expect((await me(login.token)).linked_accounts).toHaveLength(2)
    // The linked email is now a way in to the same user.
    expect((await t.loginWithEmail('linker@example.com')).user.id).toBe(login.user.id)
  })

  it('links a phone to a user who signed in by email', async () => {
    const login = await t.loginWithEmail('phone-linker@example.com')
    const phone = newPhone()
    const r = await linkPhone(login, phone)
    expect(r.statusCode).toBe(200)
    expect(r.json().linked_accounts).toContainEqual(expect.objectContaining({ type: 'phone', number: phone }))
  })

  it('refuses an email that belongs to another user: linked_to_another_user', async () => {
    await t.loginWithEmail('taken@example.com')
    const login = await loginWithPhone(newPhone())
    const r = await linkEmail(login, 'taken@example.com')
    expectAnswer(r, 409, {
      error: 'This account is linked to another user',
      code: 'linked_to_another_user',
    })
    expect((await me(login.token)).linked_accounts).toHaveLength(1)
  })

  it('answers the user unchanged when the account is already theirs', async () => {
    const login = await t.loginWithEmail('mine@example.com')
    const r = await linkEmail(login, 'mine@example.com')
    expect(r.statusCode).toBe(200)
    expect(r.json().linked_accounts).toEqual(login.user.linked_accounts)
  })

  it('refuses a second email: cannot_link_more_of_type', async () => {
    const login = await t.loginWithEmail('one-email@example.com')
    const r = await linkEmail(login, 'second-email@example.com')
    expectAnswer(r, 409, {
      error: 'No more accounts of this type can be linked',
      code: 'cannot_link_more_of_type',
    })
  })

  it('refuses a second phone: cannot_link_more_of_type', async () => {
    const login = await loginWithPhone(newPhone())
    const r = await linkPhone(login, newPhone())
    expect(r.json().code).toBe('cannot_link_more_of_type')
  })

  it('refuses a method the app has turned off: disallowed_login_method', async () => {
    const { app } = await t.createApp({ loginMethods: ['email'] })
    const login = await t.loginWithEmail('no-sms@example.com', { appId: app.id })
    const r = await userCall(t, login, 'POST', '/api/v1/passwordless_sms/link', {
      appId: app.id,
      body: { phone_number: newPhone(), code: '123456', flow_id: NO_FLOW },
    })
    expectAnswer(r, 403, {
      error: 'This login method is not enabled for the app',
      code: 'disallowed_login_method',
    })
  })

  it('refuses a wrong code with invalid_credentials and links nothing', async () => {
    const login = await loginWithPhone(newPhone())
    const { code, flowId } = await t.sendCode('wrong-code@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    const r = await userCall(t, login, 'POST', '/api/v1/passwordless/link', {
      body: { email: 'wrong-code@example.com', code: wrong, flow_id: flowId },
    })
    expect(r.statusCode).toBe(401)
    expect(r.json().code).toBe('invalid_credentials')
    expect((await me(login.token)).linked_accounts).toHaveLength(1)
  })

  it('needs a signed-in user: must_be_authenticated', async () => {
    const r = await t.call('POST', '/api/v1/passwordless/link', {
      body: { email: 'anon@example.com', code: '123456', flow_id: NO_FLOW },
    })
    expect(r.statusCode).toBe(401)
    expect(r.json().code).toBe('must_be_authenticated')
  })

  it('makes a guest a full user when they link their first real account', async () => {
    const guest = await loginAsGuest()
    expect(guest.user.is_guest).toBe(true)
    const r = await linkEmail(guest, 'was-guest@example.com')
    expect(r.statusCode).toBe(200)
    expect(r.json().is_guest).toBe(false)
  })

  it('refuses an account past the 20 a user can hold: max_accounts_reached', async () => {
    const login = await t.loginWithEmail('collector@example.com')
    // 19 more accounts (10 wallets, 5 passkeys, 4 social providers) straight into the store.
    const extra = [
      ...Array.from({ length: 10 }, (_, i) => ({
        type: 'wallet',
        subject: `0x${String(i).padStart(40, 'a')}`,
      })),
      ...Array.from({ length: 5 }, (_, i) => ({ type: 'passkey', subject: `collector-credential-${i}` })),
      ...['google_oauth', 'github_oauth', 'discord_oauth', 'twitter_oauth'].map((type) => ({
        type,
        subject: `collector-${type}`,
      })),
    ]
    await t.database.db.transaction(async (tx) => {
      for (const account of extra)
        await t.server.satchel.users.linkAccount(tx, t.app.id, login.user.id, { ...account, details: {} })
    })
    expect((await me(login.token)).linked_accounts).toHaveLength(20)
    const r = await linkPhone(login, newPhone())
    expectAnswer(r, 409, {
      error: 'The maximum number of linked accounts is reached',
      code: 'max_accounts_reached',
    })
  })
})

describe('unlinking', () => {
  it('unlinks an email when the user keeps another way in', async () => {
    const login = await loginWithPhone(newPhone())
    await linkEmail(login, 'leaving@example.com')
    const r = await userCall(t, login, 'POST', '/api/v1/passwordless/unlink', {
      body: { email: 'Leaving@example.com' },
    })
    expect(r.statusCode).toBe(200)
    expect(r.json().linked_accounts).toEqual([expect.objectContaining({ type: 'phone' })])
    // Once unlinked, the email signs up a new user rather than reaching this one.
    expect((await t.loginWithEmail('leaving@example.com')).is_new_user).toBe(true)
  })

  it('unlinks a phone', async () => {
    const login = await t.loginWithEmail('drop-phone@example.com')
    const phone = newPhone()
    await linkPhone(login, phone)
    const r = await userCall(t, login, 'POST', '/api/v1/passwordless_sms/unlink', {
      body: { phone_number: phone },
    })
    expect(r.statusCode).toBe(200)
    expect(r.json().linked_accounts).toEqual([expect.objectContaining({ type: 'email' })])
  })

  it('never unlinks the last way in: cannot_unlink_last_account', async () => {
    const login = await t.loginWithEmail('last@example.com')
    const r = await userCall(t, login, 'POST', '/api/v1/passwordless/unlink', {
      body: { email: 'last@example.com' },
    })
    expectAnswer(r, 409, {
      error: 'The last way to sign in cannot be unlinked',
      code: 'cannot_unlink_last_account',
    })
    expect((await me(login.token)).linked_accounts).toHaveLength(1)
  })

  it("does not count a former guest's credential as a way in, but lets it go", async () => {
    const guest = await loginAsGuest()
    await linkEmail(guest, 'former-guest@example.com')
    const dropEmail = await userCall(t, guest, 'POST', '/api/v1/passwordless/unlink', {
      body: { email: 'former-guest@example.com' },
    })
    expect(dropEmail.json().code).toBe('cannot_unlink_last_account')
    // A guest credential can go once a real account is there (there is no guest unlink route; the
    // rule lives in unlinkAccount, which every method's unlink route shares).
    const auth = { app: t.app, userId: guest.user.id, sessionId: 'ses_test', sessionPublicKey: null }
    const after = await unlinkAccount(t.server.satchel, auth, 'guest', await guestSubject(guest.user.id))
    expect(after.linkedAccounts.map((a) => a.type)).toEqual(['email'])
  })

  it("never removes a pure guest's only credential", async () => {
    const guest = await loginAsGuest()
    const auth = { app: t.app, userId: guest.user.id, sessionId: 'ses_test', sessionPublicKey: null }
    await expect(
      unlinkAccount(t.server.satchel, auth, 'guest', await guestSubject(guest.user.id)),
    ).rejects.toMatchObject({
      code: 'cannot_unlink_last_account',
    })
  })

  it('refuses an account the user does not hold: failed_to_update_account', async () => {
    const login = await loginWithPhone(newPhone())
    const r = await userCall(t, login, 'POST', '/api/v1/passwordless/unlink', {
      body: { email: 'never-linked@example.com' },
    })
    expectAnswer(r, 400, {
      error: 'This account is not linked to the user',
      code: 'failed_to_update_account',
    })
  })
})

async function guestSubject(userId: string): Promise<string> {
  const [row] = await t.database.db.query<{ subject: string }>(
    "select subject from linked_accounts where user_id = $1 and type = 'guest'",
    [userId],
  )
  return row?.subject ?? ''
}
