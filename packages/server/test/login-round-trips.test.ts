import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { countRoundTrips } from './support/countRoundTrips'
import { createTestDatabase, type TestDatabase } from './support/testDatabase'
import { createP256Key, PUBLIC_URL, signedCall } from './walletRequests'

// Round trips are behaviour here, not timing: each one is a wait on PostgreSQL that every login pays
// (issue 22: at most 8 per login, sign-in plus refresh). The bench (bench/login) counts the same on
// the wire; this pins it.
let database: TestDatabase
let counted: ReturnType<typeof countRoundTrips>
let t: TestServer
beforeAll(async () => {
  database = await createTestDatabase()
  counted = countRoundTrips(database.db)
  t = await startTestServer({ env: { SATCHEL_PUBLIC_URL: PUBLIC_URL }, build: { db: counted.db } })
  // An app's first login makes its signing key (two round trips, once per app): not a login's cost.
  await t.loginWithEmail('first@example.com')
})
afterAll(async () => {
  await t.close()
  await database.drop()
})

async function signIn(email: string) {
  const { code, flowId } = await t.sendCode(email)
  const key = createP256Key()
  const { result, trips } = await counted.during(() =>
    t.call('POST', '/api/v1/passwordless/authenticate', {
      body: { email, code, flow_id: flowId, session_public_key: key.publicJwk },
    }),
  )
  expect(result.statusCode, result.body).toBe(200)
  return { body: result.json(), key, trips }
}

describe('PostgreSQL round trips of a login', () => {
  it('signs a new user up in 2 (the code spent with the account read, then the login written) and refreshes in 1, with the session, its audit entry and the profile answered', async () => {
    const login = await signIn('trips@example.com')
    expect(login.body.is_new_user).toBe(true)
    expect(login.body.user.linked_accounts).toMatchObject([{ type: 'email', address: 'trips@example.com' }])
    expect(login.trips).toBeLessThanOrEqual(2)
    const [audit] = await database.db.query<{ session_id: string }>(
      `select session_id from audit_log where user_id = $1 and action = 'login.email'`,
      [login.body.user.id],
    )
    const [session] = await database.db.query('select id from sessions where id = $1', [audit?.session_id])
    expect(session).toBeDefined()

    // As the SDK sends it, naming the key it signs with: checked, rotated and answered in one statement.
    const refresh = await counted.during(() =>
      signedCall(t, 'POST', '/api/v1/sessions', {
        key: login.key,
        body: { refresh_token: login.body.refresh_token, session_public_key: login.key.publicJwk },
      }),
    )
    expect(refresh.result.statusCode, refresh.result.body).toBe(200)
    expect(refresh.result.json().user).toEqual(login.body.user)
    expect(refresh.trips).toBe(1)
    expect(login.trips + refresh.trips).toBeLessThanOrEqual(3)

    // A client that does not name its key: the session is read first, then rotated.
    const unnamed = await counted.during(() =>
      signedCall(t, 'POST', '/api/v1/sessions', {
        key: login.key,
        body: { refresh_token: refresh.result.json().refresh_token },
      }),
    )
    expect(unnamed.result.statusCode, unnamed.result.body).toBe(200)
    expect(unnamed.trips).toBeLessThanOrEqual(2)
  })

  it('signs a returning user in with 2, their profile read once (with the code) and answered', async () => {
    const first = await signIn('again@example.com')
    const again = await signIn('again@example.com')
    expect(again.body.is_new_user).toBe(false)
    expect(again.body.user.id).toBe(first.body.user.id)
    expect(again.body.user.linked_accounts).toMatchObject([{ type: 'email', address: 'again@example.com' }])
    expect(first.trips).toBeLessThanOrEqual(2)
    expect(again.trips).toBeLessThanOrEqual(2)
  })

  it('two first logins of one address at once make one user: the second signs in as the user the first made', async () => {
    const email = 'race@example.com'
    const first = await t.sendCode(email)
    const second = await t.sendCode(email)
    const logins = await Promise.all(
      [first, second].map(({ code, flowId }) =>
        t.call('POST', '/api/v1/passwordless/authenticate', { body: { email, code, flow_id: flowId } }),
      ),
    )
    const bodies = logins.map((response) => {
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    })
    expect(bodies[0].user.id).toBe(bodies[1].user.id)
    expect(bodies.map((body) => body.is_new_user).sort()).toEqual([false, true])
    const users = await database.db.query(
      `select u.id from users u join linked_accounts a on a.user_id = u.id where a.subject = $1`,
      [email],
    )
    expect(users).toHaveLength(1)
  })
})
