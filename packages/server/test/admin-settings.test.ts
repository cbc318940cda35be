// An app's rules as its backend (or the console) sets them through the admin API: validated as the
// console validates them, audited with who changed what, and enforced at the next login or signature.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { type AdminClient, createAdminApp, createAdminClient } from './support/adminCalls'
import { enrollTotp, signInWithKey, verifyTotp } from './walletRequests'
import { refusal, walletCall } from './wallets-harness'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ build: { webhookWorker: false } })
})
afterAll(() => t.close())

type Settings = Record<string, unknown> & { id: string; allowlist: Record<string, unknown> }

async function freshApp(): Promise<{ appId: string; admin: AdminClient }> {
  const { app, admin } = await createAdminApp(t)
  return { appId: app.id, admin }
}

const invalid = async (admin: AdminClient, body: Record<string, unknown>) => {
  const response = await admin.call('PATCH', '/api/v1/apps/settings', body)
  expect(response.statusCode, JSON.stringify(body)).toBe(400)
  expect(response.json().code).toBe('invalid_data')
  return response.json().error as string
}

describe('app settings', () => {
  it("answers the app's own settings with the defaults", async () => {
    const { appId, admin } = await freshApp()
    expect(await admin.ok('GET', '/api/v1/apps/settings')).toEqual({
      id: appId,
      name: 'Test App',
      mode: 'development',
      dev_user_limit: 150,
      login_methods: ['email', 'sms', 'guest', 'custom_jwt'],
      allowed_origins: ['http://localhost:5173'],
      mfa_requirement: 'optional',
      allowlist: { enabled: false, emails: [], domains: [], phones: [], wallet_addresses: [] },
      denylist: { emails: [], domains: [], phones: [], wallet_addresses: [] },
      terms_url: null,
      wallets_on_login: 'none',
      deletion_grace_days: 30,
    })
  })

  it('refuses what the console refuses, naming the field', async () => {
    const { admin } = await freshApp()
    expect(await invalid(admin, { allowed_origins: ['https://shop.example/path'] })).toMatch(
      /allowed_origins/,
    )
    expect(await invalid(admin, { login_methods: [] })).toMatch(/login_methods/)
    expect(await invalid(admin, { dev_user_limit: 151 })).toMatch(/dev_user_limit/)
    expect(await invalid(admin, { denylist: { phones: ['+1 555'] } })).toMatch(/denylist.phones/)
    expect(
      await invalid(admin, {
        allowlist: { wallet_addresses: ['0x1234567890123456789012345678901234567890zz'] },
      }),
    ).toMatch(/allowlist/)
    expect(await invalid(admin, { allowlist: { emails: ['not-an-email'] } })).toMatch(/allowlist/)
    expect(await invalid(admin, { mode: 'production', allowed_origins: ['http://shop.example'] })).toMatch(
      /https/,
    )
    // Turning production on checks the origins already there: http stays allowed only for localhost.
    expect(await admin.ok<Settings>('PATCH', '/api/v1/apps/settings', { mode: 'production' })).toMatchObject({
      mode: 'production',
    })
    expect(await invalid(admin, { unknown_field: true })).toMatch(/Invalid request data/)
  })

  it('normalises list entries the way accounts are stored, and audits each change with who made it', async () => {
    const { admin } = await freshApp()
    const changed = await admin.ok<Settings>('PATCH', '/api/v1/apps/settings', {
      denylist: {
        phones: ['+1 (415) 555-2671'],
        wallet_addresses: ['0x52908400098527886E0F7030069857D2E4169EE7'],
        domains: ['Spam.Example'],
      },
      allowed_origins: ['https://shop.example', 'http://localhost:3000'],
    })
    expect(changed.denylist).toEqual({
      emails: [],
      domains: ['spam.example'],
      phones: ['+14155552671'],
      wallet_addresses: ['0x52908400098527886e0f7030069857d2e4169ee7'],
    })
    const audit = await admin.ok<{
      data: Array<{
        actor: { kind: string; id: string }
        details: { changes: Record<string, { before: unknown; after: unknown }> }
      }>
    }>('GET', '/api/v1/audit?action=app.settings_changed')
    const [entry] = audit.data
    expect(entry?.actor.kind).toBe('app_secret')
    expect(Object.keys(entry?.details.changes ?? {}).sort()).toEqual(['allowed_origins', 'denylist'])
    expect(entry?.details.changes.allowed_origins).toEqual({
      before: ['http://localhost:5173'],
      after: ['https://shop.example', 'http://localhost:3000'],
    })
  })
})

describe('the rules are enforced', () => {
  it('an allowlist lets only its people in, and the denylist wins over it (allowlist_rejected)', async () => {
    const { appId, admin } = await freshApp()
    await admin.ok('PATCH', '/api/v1/apps/settings', {
      allowlist: { enabled: true, domains: ['team.example'], emails: ['guest@else.example'] },
    })
    await expect(t.loginWithEmail('stranger@else.example', { appId })).rejects.toThrow(/allowlist_rejected/)
    expect((await t.loginWithEmail('ada@team.example', { appId })).user.id).toMatch(/^usr_/)
    expect((await t.loginWithEmail('guest@else.example', { appId })).user.id).toMatch(/^usr_/)
    // A guest has no identifier a list can hold.
    const guest = await t.call('POST', '/api/v1/guest/authenticate', {
      appId,
      body: { guest_credential: 'A'.repeat(43) },
    })
    expect(guest.json().code).toBe('allowlist_rejected')
    // An existing user is refused at their next login once they are denied.
    await admin.ok('PATCH', '/api/v1/apps/settings', { denylist: { emails: ['ada@team.example'] } })
    await expect(t.loginWithEmail('ada@team.example', { appId })).rejects.toThrow(/allowlist_rejected/)
  })

  it('login methods, terms URL and the development user cap take effect at once', async () => {
    const { appId, admin } = await freshApp()
    await admin.ok('PATCH', '/api/v1/apps/settings', {
      login_methods: ['sms'],
      terms_url: 'https://shop.example/terms',
      dev_user_limit: 1,
    })
    await expect(t.loginWithEmail('email@example.com', { appId })).rejects.toThrow(/disallowed_login_method/)
    const config = await t.call('GET', `/api/v1/apps/${appId}`, { appId })
    expect(config.json()).toMatchObject({ login_methods: ['sms'], require_terms: true })
    await admin.ok('PATCH', '/api/v1/apps/settings', { login_methods: ['email'] })
    await t.loginWithEmail('first@example.com', { appId })
    await expect(t.loginWithEmail('second@example.com', { appId })).rejects.toThrow(
      /development_mode_user_limit/,
    )
  })

  it('wallets_on_login makes the wallets at first login, through the same code as the user’s own', async () => {
    const { appId, admin } = await freshApp()
    await admin.ok('PATCH', '/api/v1/apps/settings', { wallets_on_login: 'both' })
    const login = await t.loginWithEmail('wallets-on-login@example.com', { appId })
    const user = await admin.ok<{ wallets: Array<{ chain_type: string; address: string }> }>(
      'GET',
      `/api/v1/users/${login.user.id}`,
    )
    expect(user.wallets.map((wallet) => wallet.chain_type).sort()).toEqual(['ethereum', 'solana'])
    const own = await t.call('POST', '/api/v1/wallets', {
      appId,
      token: login.token,
      body: { chain_type: 'ethereum' },
    })
    expect(own.json().address).toBe(user.wallets.find((wallet) => wallet.chain_type === 'ethereum')?.address)
  })

  it('required_for_wallet_actions refuses signing to a user without MFA, and asks a fresh token of one with it', async () => {
    // The test helpers enrol and verify MFA on the test server's own app.
    const appId = t.app.id
    const admin = createAdminClient(t, appId, t.appSecret)
    await admin.ok('PATCH', '/api/v1/apps/settings', {
      mfa_requirement: 'required_for_wallet_actions',
      wallets_on_login: 'ethereum',
    })
    const user = await signInWithKey(t, 'mfa-required@example.com', appId)
    const { wallets } = await admin.ok<{ wallets: Array<{ id: string }> }>(
      'GET',
      `/api/v1/users/${user.userId}`,
    )
    const sign = (headers: Record<string, string> = {}) =>
      walletCall(t, 'POST', `/api/v1/wallets/${wallets[0]?.id}/rpc`, {
        appId,
        key: user.key,
        token: user.token,
        body: { method: 'personal_sign', params: { message: 'pay', encoding: 'utf-8' } },
        headers,
      })
    const refused = refusal(await sign())
    expect(refused).toMatchObject({ status: 403, code: 'missing_or_invalid_mfa' })
    expect(refused.error).toMatch(/enrol/)
    const secret = await enrollTotp(t, user)
    expect(refusal(await sign()).code).toBe('missing_or_invalid_mfa')
    expect((await sign({ 'satchel-mfa-token': await verifyTotp(t, user.token, secret) })).statusCode).toBe(
      200,
    )
    // `off` asks nothing, even of a user with a factor.
    await admin.ok('PATCH', '/api/v1/apps/settings', { mfa_requirement: 'off' })
    expect((await sign()).statusCode).toBe(200)
  })
})

describe('the OpenAPI document', () => {
  it('lists every admin route under the admin tag with the app secret as its security', async () => {
    const document = (await t.call('GET', '/api/v1/openapi.json', { appId: null, origin: null })).json()
    const admin = t.server.satchelRouteGuards.filter(
      (route) =>
        route.guard === 'app' && /^\/api\/v1\/(users|apps\/s|audit|analytics\/daily)/.test(route.url),
    )
    expect(admin.length).toBe(17)
    for (const route of admin) {
      const path = route.url.replace(/:(\w+)/g, '{$1}')
      const operation = document.paths[path]?.[route.method.toLowerCase()]
      expect(operation, `${route.method} ${path}`).toMatchObject({
        tags: ['admin'],
        security: [{ appSecret: [] }],
      })
    }
  })
})
