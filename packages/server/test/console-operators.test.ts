// The Satchel console's operators (issue 18): the operator app made on first start, operators by
// invitation with roles, and what an operator's access token may do on an app's admin routes — and
// what a stolen one, a viewer's, an uninvited user's or an ordinary app user's token may not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/buildApp'
import { OPERATOR_APP_NAME, readOperatorAppId } from '../src/identity/operators/ensureOperatorApp'
import { inviteOperator, type OperatorRole } from '../src/identity/operators/operators'
import { forgetSessions } from '../src/identity/sessions/sessionCache'
import { ORIGIN, startTestServer, type TestServer } from './harness'
import { createTestKv } from './support/testKv'
import { type SignedInUser, signedCall, signInWithKey } from './walletRequests'

let t: TestServer
let operatorAppId: string
beforeAll(async () => {
  t = await startTestServer({ env: { RATE_LIMIT_SCALE: '10' }, build: { webhookWorker: false } })
  operatorAppId = (await readOperatorAppId(t.server.satchel)) ?? ''
  // The harness's browser calls come from its own origin; the console is served on the API's.
  const operatorApp = await t.server.satchel.apps.requireApp(operatorAppId)
  await t.server.satchel.apps.updateApp(operatorAppId, {
    allowedOrigins: [...operatorApp.allowedOrigins, ORIGIN],
  })
})
afterAll(() => t.close())

let count = 0
/** An operator of `role`, signed in to the operator app with a session key. */
async function signInOperator(role: OperatorRole | null): Promise<SignedInUser> {
  count += 1
  const email = `operator${count}@example.com`
  if (role) await inviteOperator(t.server.satchel.db, { email, role, invitedBy: 'test' })
  return signInWithKey(t, email, operatorAppId)
}

/** A read of the test app's admin routes as an operator. */
const read = (operator: SignedInUser, path: string, appId = t.app.id) =>
  t.call('GET', path, { token: operator.token, appId })

/**
 * A write as an operator about `appId`, signed with their session key over that app's id (the
 * console's own routes name the operator app), as the console's SDK signs it.
 */
function write(
  operator: SignedInUser,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  appId = t.app.id,
  signedFor = appId,
) {
  return signedCall(t, method, path, {
    key: operator.key,
    token: operator.token,
    appId: signedFor,
    ...(body !== undefined ? { body } : {}),
    headers: { 'satchel-app-id': appId },
  })
}

const hook = { url: 'https://hooks.example.com/satchel' }

describe('the operator app', () => {
  it('is made once, with email login on the server’s own origin, and found again on the next start', async () => {
    const app = await t.server.satchel.apps.requireApp(operatorAppId)
    expect(app).toMatchObject({ name: OPERATOR_APP_NAME, loginMethods: ['email'] })
    expect(app.allowedOrigins).toContain('https://satchel.test')
    const kv = await createTestKv()
    const again = await buildApp(t.server.satchel.config, {
      db: t.database.db,
      kv,
      logger: false,
      webhookWorker: false,
    })
    await again.close()
    await kv.close()
    const rows = await t.server.satchel.db.query<{ n: number }>(
      'select count(*)::int as n from apps where name = $1',
      [OPERATOR_APP_NAME],
    )
    expect(rows[0]?.n).toBe(1)
    expect(await readOperatorAppId(t.server.satchel)).toBe(operatorAppId)
  })
})

describe("an operator on an app's admin routes", () => {
  it('a viewer reads an app but cannot change it', async () => {
    const viewer = await signInOperator('viewer')
    expect((await read(viewer, '/api/v1/webhooks/endpoints')).statusCode).toBe(200)
    // Policies are `user | app` routes: the operator's token is told from a user's by its app.
    expect((await read(viewer, '/api/v1/policies')).statusCode).toBe(200)
    const refused = await write(viewer, 'POST', '/api/v1/webhooks/endpoints', hook)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('operator_role_required')
  })

  it("an admin's access token alone changes nothing: every write is signed by the session key", async () => {
    const admin = await signInOperator('admin')
    const stolen = await t.call('POST', '/api/v1/webhooks/endpoints', { token: admin.token, body: hook })
    expect(stolen.json().code).toBe('invalid_authorization_signature')
    // A signature binds the write to the app it names: signed for another app, it is refused here.
    const elsewhere = await write(admin, 'POST', '/api/v1/webhooks/endpoints', hook, t.app.id, operatorAppId)
    expect(elsewhere.json().code).toBe('invalid_authorization_signature')
    const signed = await write(admin, 'POST', '/api/v1/webhooks/endpoints', hook)
    expect(signed.statusCode, signed.body).toBe(200)
    const listed = await read(admin, '/api/v1/webhooks/endpoints')
    expect(listed.json().data.map((e: { url: string }) => e.url)).toContain(hook.url)
    // The refusal is on record against the operator's session.
    const [refusal] = await t.server.satchel.db.query<{ details: { code: string } }>(
      "select details from audit_log where user_id = $1 and action = 'guard.refused'",
      [admin.userId],
    )
    expect(refusal?.details.code).toBe('invalid_authorization_signature')
  })

  it('minting an app secret also needs a fresh login: a signed request from an old session is refused', async () => {
    const admin = await signInOperator('admin')
    t.clock.advance(6 * 60_000)
    const stale = await write(admin, 'POST', '/api/v1/apps/secrets', { access: 'read_only' })
    expect(stale.statusCode).toBe(403)
    expect(stale.json().code).toBe('reauthentication_required')
    const fresh = await signInWithKey(t, `operator${count}@example.com`, operatorAppId)
    const minted = await write(fresh, 'POST', '/api/v1/apps/secrets', { access: 'read_only' })
    expect(minted.statusCode, minted.body).toBe(200)
    expect(minted.json().secret).toMatch(/^sk_/)
  })

  it("reads the app's users as a viewer; deleting one needs an admin's signature and a fresh login", async () => {
    const shopper = await signInWithKey(t, 'to-be-deleted@example.com')
    const viewer = await signInOperator('viewer')
    const found = await read(viewer, `/api/v1/users/${shopper.userId}`)
    expect(found.statusCode, found.body).toBe(200)
    const asViewer = await write(viewer, 'DELETE', `/api/v1/users/${shopper.userId}`)
    expect(asViewer.json().code).toBe('operator_role_required')

    const admin = await signInOperator('admin')
    const unsigned = await t.call('DELETE', `/api/v1/users/${shopper.userId}`, { token: admin.token })
    expect(unsigned.json().code).toBe('invalid_authorization_signature')
    t.clock.advance(6 * 60_000)
    const stale = await write(admin, 'DELETE', `/api/v1/users/${shopper.userId}`)
    expect(stale.json().code).toBe('reauthentication_required')
    const fresh = await signInWithKey(t, `operator${count}@example.com`, operatorAppId)
    const deleted = await write(fresh, 'DELETE', `/api/v1/users/${shopper.userId}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    const [audit] = await t.server.satchel.db.query<{ details: { actor: { kind: string } } }>(
      "select details from audit_log where user_id = $1 and action = 'user.deleted'",
      [shopper.userId],
    )
    expect(audit?.details.actor).toMatchObject({ kind: 'operator', user_id: fresh.userId })
  })

  it('refuses an uninvited user of the operator app, a user of an ordinary app, and the operator app itself', async () => {
    const stranger = await signInOperator(null)
    const refused = await read(stranger, '/api/v1/webhooks/endpoints')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('operator_role_required')

    const user = await signInWithKey(t, 'shopper@example.com')
    const asUser = await t.call('GET', '/api/v1/webhooks/endpoints', { token: user.token })
    expect(asUser.statusCode).toBe(401)
    const other = (await t.createApp({ name: 'Other app' })).app
    const across = await t.call('GET', '/api/v1/webhooks/endpoints', { token: user.token, appId: other.id })
    expect(across.statusCode).toBe(401)

    const owner = await signInOperator('owner')
    expect((await read(owner, '/api/v1/webhooks/endpoints', operatorAppId)).json().code).toBe('app_not_found')
  })

  it('a signed-out operator session is refused at once', async () => {
    const admin = await signInOperator('admin')
    await t.server.satchel.db.query('update sessions set revoked_at = now() where id = $1', [admin.sessionId])
    await forgetSessions(t.server.satchel, { sessionIds: [admin.sessionId] })
    expect((await read(admin, '/api/v1/webhooks/endpoints')).statusCode).toBe(401)
  })
})

describe("the console's own routes", () => {
  it('lists the apps (never the operator app) to every role; owners and admins make one, signed', async () => {
    const viewer = await signInOperator('viewer')
    const listed = await t.call('GET', '/api/v1/console/apps', { token: viewer.token, appId: operatorAppId })
    const ids = listed.json().data.map((a: { id: string }) => a.id)
    expect(ids).toContain(t.app.id)
    expect(ids).not.toContain(operatorAppId)
    const body = { name: 'Shop', allowed_origins: ['https://shop.example'] }
    expect((await write(viewer, 'POST', '/api/v1/console/apps', body, operatorAppId)).json().code).toBe(
      'operator_role_required',
    )
    const admin = await signInOperator('admin')
    const made = await write(admin, 'POST', '/api/v1/console/apps', body, operatorAppId)
    expect(made.statusCode, made.body).toBe(200)
    const [audit] = await t.server.satchel.db.query<{ details: { actor: unknown } }>(
      "select details from audit_log where app_id = $1 and action = 'app.created'",
      [made.json().id],
    )
    expect(audit?.details.actor).toEqual({
      kind: 'operator',
      user_id: admin.userId,
      email: `operator${count}@example.com`,
    })
  })

  it('tells each operator their own role, so the console offers a viewer no changes; a non-operator is told nothing', async () => {
    for (const role of ['viewer', 'admin', 'owner'] as const) {
      const operator = await signInOperator(role)
      const me = await t.call('GET', '/api/v1/console/me', { token: operator.token, appId: operatorAppId })
      expect(me.statusCode, me.body).toBe(200)
      expect(me.json()).toEqual({ email: `operator${count}@example.com`, role })
    }
    const stranger = await signInOperator(null)
    const refused = await t.call('GET', '/api/v1/console/me', { token: stranger.token, appId: operatorAppId })
    expect(refused.json().code).toBe('operator_role_required')
  })

  it('only an owner changes operators, with a fresh login; an invitation is taken up by signing in', async () => {
    const admin = await signInOperator('admin')
    const asAdmin = await t.call('GET', '/api/v1/console/operators', {
      token: admin.token,
      appId: operatorAppId,
    })
    expect(asAdmin.json().code).toBe('operator_role_required')

    const owner = await signInOperator('owner')
    const ownerEmail = `operator${count}@example.com`
    const invite = { email: 'new.operator@example.com', role: 'viewer' }
    const stolen = await t.call('POST', '/api/v1/console/operators', {
      token: owner.token,
      appId: operatorAppId,
      body: invite,
    })
    expect(stolen.json().code).toBe('invalid_authorization_signature')
    t.clock.advance(6 * 60_000)
    const stale = await write(owner, 'POST', '/api/v1/console/operators', invite, operatorAppId)
    expect(stale.json().code).toBe('reauthentication_required')
    const fresh = await signInWithKey(t, ownerEmail, operatorAppId)
    const invited = await write(fresh, 'POST', '/api/v1/console/operators', invite, operatorAppId)
    expect(invited.statusCode, invited.body).toBe(200)
    expect(invited.json()).toMatchObject({ email: invite.email, role: 'viewer', user_id: null })

    const newcomer = await signInWithKey(t, invite.email, operatorAppId)
    expect((await read(newcomer, '/api/v1/webhooks/endpoints')).statusCode).toBe(200)
    const list = await t.call('GET', '/api/v1/console/operators', {
      token: fresh.token,
      appId: operatorAppId,
    })
    expect(list.json().data.find((o: { email: string }) => o.email === invite.email).user_id).toBe(
      newcomer.userId,
    )

    const removed = await write(
      fresh,
      'DELETE',
      `/api/v1/console/operators/${invited.json().id}`,
      undefined,
      operatorAppId,
    )
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await read(newcomer, '/api/v1/webhooks/endpoints')).json().code).toBe('operator_role_required')
  })
})
