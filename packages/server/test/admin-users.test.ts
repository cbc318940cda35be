// An app's users as its backend manages them through the admin API: paging that survives sign-ups,
// lookups by every identifier, users made ahead of their first login with their wallets, deletion
// that takes effect at once and becomes final after the app's grace period, sessions, export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pruneExpiredRows } from '../src/ops/maintenance/pruneExpiredRows'
import { startTestServer, type TestServer } from './harness'
import {
  type AdminClient,
  createAdminApp,
  createAdminClient,
  refreshSession,
  verifyReceived,
  waitFor,
} from './support/adminCalls'
import { createWallet, signInWithKey } from './walletRequests'
import { refusal, walletCall } from './wallets-harness'
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver'

let t: TestServer
let receiver: WebhookReceiver
let admin: AdminClient
beforeAll(async () => {
  t = await startTestServer({ build: { webhookWorker: { pollIntervalMs: 10, retryScheduleMs: [0] } } })
  receiver = await startWebhookReceiver()
  admin = createAdminClient(t, t.app.id, t.appSecret)
})
afterAll(async () => {
  await t.close()
  await receiver.close()
})

type AdminUser = {
  id: string
  deleted_at: string | null
  purge_after: string | null
  linked_accounts: Array<Record<string, string>>
  wallets: Array<{ id: string; address: string; chain_type: string; revoked_at: string | null }>
}
type Page = { data: AdminUser[]; next_cursor: string | null }

const makeUser = (client: AdminClient, email: string, wallets: Array<'ethereum' | 'solana'> = []) =>
  client.ok<AdminUser>('POST', '/api/v1/users', {
    linked_accounts: [{ type: 'email', address: email }],
    wallets: wallets.map((chain_type) => ({ chain_type })),
  })

describe('listing users', () => {
  it('pages oldest first; users signing up between pages are neither skipped nor repeated', async () => {
    const { admin: own } = await createAdminApp(t)
    for (let i = 0; i < 5; i++) await makeUser(own, `page-${i}@example.com`)
    const seen: string[] = []
    let cursor: string | null = null
    let inserted = 0
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
      const page: Page = await own.ok<Page>('GET', `/api/v1/users?limit=2${query}`)
      seen.push(...page.data.map((user) => user.linked_accounts[0]?.address ?? ''))
      cursor = page.next_cursor
      // Two people sign up while the operator pages, twice.
      if (inserted < 4) for (let j = 0; j < 2; j++) await makeUser(own, `late-${inserted++}@example.com`)
    } while (cursor)
    expect(seen).toEqual([
      ...Array.from({ length: 5 }, (_, i) => `page-${i}@example.com`),
      'late-0@example.com',
      'late-1@example.com',
      'late-2@example.com',
      'late-3@example.com',
    ])
  })

  it('filters by creation time, login method and whether the user has a wallet', async () => {
    const { admin: own } = await createAdminApp(t)
    await makeUser(own, 'no-wallet@example.com')
    const withWallet = await makeUser(own, 'with-wallet@example.com', ['ethereum'])
    const phone = await own.ok<AdminUser>('POST', '/api/v1/users', {
      linked_accounts: [{ type: 'phone', number: '+1 415 555 2671' }],
    })
    const names = (page: Page) => page.data.map((user) => user.id)
    expect(names(await own.ok<Page>('GET', '/api/v1/users?has_wallet=true&limit=1'))).toEqual([withWallet.id])
    expect(names(await own.ok<Page>('GET', '/api/v1/users?login_method=sms'))).toEqual([phone.id])
    const later = await own.ok<Page>(
      'GET',
      `/api/v1/users?created_after=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    )
    expect(later.data).toEqual([])
    expect((await own.call('GET', '/api/v1/users?cursor=garbage')).json().code).toBe('invalid_data')
    expect((await own.call('GET', '/api/v1/users?limit=101')).json().code).toBe('invalid_data')
  })
})

describe('looking users up', () => {
  it('finds a user by email, phone, wallet address, custom-JWT and OAuth subject, and by any of them (q)', async () => {
    const { admin: own } = await createAdminApp(t)
    const user = await own.ok<AdminUser>('POST', '/api/v1/users', {
      linked_accounts: [
        { type: 'email', address: 'Lookup@Example.com' },
        { type: 'phone', number: '+14155552672' },
        { type: 'wallet', address: '0x52908400098527886E0F7030069857D2E4169EE7', chain_type: 'ethereum' },
        { type: 'custom_jwt', subject: 'crm-4711' },
        { type: 'oauth', provider: 'github', subject: '583231', email: 'octo@example.com' },
      ],
      wallets: [{ chain_type: 'solana' }],
    })
    const embedded = user.wallets[0]?.address ?? ''
    const queries = [
      'email=lookup%40example.com',
      'phone=%2B1%20415%20555%202672',
      'wallet_address=0x52908400098527886e0f7030069857d2e4169ee7',
      `wallet_address=${embedded}`,
      'custom_jwt_subject=crm-4711',
      'oauth_provider=github&oauth_subject=583231',
      `q=${user.id}`,
      'q=LOOKUP%40example.com',
      'q=(415)%20555-2672',
      `q=${embedded}`,
      'q=crm-4711',
      'q=583231',
    ]
    for (const query of queries)
      expect((await own.ok<AdminUser>('GET', `/api/v1/users/lookup?${query}`)).id, query).toBe(user.id)
    const missing = await own.call('GET', '/api/v1/users/lookup?email=nobody%40example.com')
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'user_does_not_exist'])
    // Another app's secret finds nothing of this app's users, even by id.
    expect((await admin.call('GET', `/api/v1/users/lookup?q=${user.id}`)).json().code).toBe(
      'user_does_not_exist',
    )
    expect((await admin.call('GET', `/api/v1/users/${user.id}`)).json().code).toBe('user_does_not_exist')
  })
})

describe('making users', () => {
  it('a pregenerated wallet is the one the person finds at their first login', async () => {
    const made = await makeUser(admin, 'pregenerated@example.com', ['ethereum', 'solana'])
    expect(made.wallets.map((wallet) => wallet.chain_type).sort()).toEqual(['ethereum', 'solana'])
    const login = await t.loginWithEmail('pregenerated@example.com')
    expect([login.user.id, login.is_new_user]).toEqual([made.id, false])
    const mine = await createWallet(t, login.token, 'ethereum')
    expect(mine.address).toBe(made.wallets.find((wallet) => wallet.chain_type === 'ethereum')?.address)
  })

  it('refuses an account someone already holds, and keeps nothing of the attempt', async () => {
    await t.loginWithEmail('taken@example.com')
    const response = await admin.call('POST', '/api/v1/users', {
      linked_accounts: [
        { type: 'custom_jwt', subject: 'fresh-1' },
        { type: 'email', address: 'taken@example.com' },
      ],
    })
    expect([response.statusCode, response.json().code]).toEqual([409, 'linked_to_another_user'])
    expect((await admin.call('GET', '/api/v1/users/lookup?custom_jwt_subject=fresh-1')).statusCode).toBe(404)
  })
})

describe('read-only secrets', () => {
  it('read every admin route and are refused every write with app_secret_read_only', async () => {
    const { secret } = await admin.ok<{ secret: string }>('POST', '/api/v1/apps/secrets', {
      access: 'read_only',
    })
    const reader = createAdminClient(t, t.app.id, secret)
    const user = await makeUser(admin, 'read-only-target@example.com')
    for (const url of [
      '/api/v1/users',
      `/api/v1/users/${user.id}`,
      `/api/v1/users/${user.id}/sessions`,
      '/api/v1/users/export',
      '/api/v1/apps/settings',
      '/api/v1/audit',
    ])
      expect((await reader.call('GET', url)).statusCode, url).toBe(200)
    const writes: Array<['POST' | 'PATCH' | 'DELETE', string, unknown?]> = [
      ['POST', '/api/v1/users', { linked_accounts: [{ type: 'email', address: 'ro@example.com' }] }],
      ['DELETE', `/api/v1/users/${user.id}`],
      ['POST', `/api/v1/users/${user.id}/restore`, {}],
      ['DELETE', `/api/v1/users/${user.id}/sessions`],
      ['DELETE', `/api/v1/users/${user.id}/sessions/ses_x`],
      ['PATCH', '/api/v1/apps/settings', { name: 'Renamed' }],
    ]
    for (const [method, url, body] of writes) {
      const response = await reader.call(method, url, body)
      expect([response.statusCode, response.json().code], `${method} ${url}`).toEqual([
        403,
        'app_secret_read_only',
      ])
    }
    expect((await admin.ok<AdminUser>('GET', `/api/v1/users/${user.id}`)).deleted_at).toBeNull()
  })
})

describe('sessions', () => {
  it("lists a user's sessions; a revoked session's next request and refresh fail, the others live on", async () => {
    const first = await t.loginWithEmail('sessions@example.com')
    const second = await t.loginWithEmail('sessions@example.com')
    const listed = await admin.ok<{ data: Array<{ id: string }> }>(
      'GET',
      `/api/v1/users/${first.user.id}/sessions`,
    )
    expect(listed.data).toHaveLength(2)
    const me = (token: string) => t.call('GET', '/api/v1/users/me', { token })
    const sid = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid
    // The session is cached as live by this request: revocation must reach the cache.
    expect((await me(first.token)).statusCode).toBe(200)
    const revoked = await admin.ok('DELETE', `/api/v1/users/${first.user.id}/sessions/${sid(first.token)}`)
    expect(revoked).toEqual({ id: sid(first.token), revoked: true })
    expect((await me(first.token)).json().code).toBe('missing_or_invalid_token')
    expect((await refreshSession(t, first.key, first.refresh_token)).statusCode).toBeGreaterThanOrEqual(400)
    expect((await me(second.token)).statusCode).toBe(200)
    expect(await admin.ok('DELETE', `/api/v1/users/${first.user.id}/sessions`)).toEqual({ revoked: 1 })
    expect((await me(second.token)).json().code).toBe('missing_or_invalid_token')
    expect(
      (await admin.call('DELETE', `/api/v1/users/${first.user.id}/sessions/${sid(first.token)}`)).statusCode,
    ).toBe(404)
  })
})

describe('deleting users', () => {
  it('revokes wallets and sessions at once, sends user.deleted, and is audited with who did it', async () => {
    const endpoint = await admin.ok<{ secret: string }>('POST', '/api/v1/webhooks/endpoints', {
      url: receiver.url,
      event_types: ['user.deleted'],
    })
    const user = await signInWithKey(t, 'deleted@example.com')
    const login = await t.loginWithEmail('deleted@example.com', { key: user.key })
    const wallet = await createWallet(t, user.token)
    const sign = () =>
      walletCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
        key: user.key,
        token: user.token,
        body: { method: 'personal_sign', params: { message: 'hi', encoding: 'utf-8' } },
      })
    expect((await sign()).statusCode).toBe(200)

    const deleted = await admin.ok<{ id: string; purge_after: string }>(
      'DELETE',
      `/api/v1/users/${user.userId}`,
    )
    expect(Date.parse(deleted.purge_after) - t.clock.now).toBe(30 * 24 * 60 * 60 * 1000)
    expect(refusal(await sign()).code).toBe('missing_or_invalid_token')
    expect((await refreshSession(t, login.key, login.refresh_token)).statusCode).toBeGreaterThanOrEqual(400)
    const shown = await admin.ok<AdminUser>('GET', `/api/v1/users/${user.userId}`)
    expect(shown.deleted_at).not.toBeNull()
    expect(shown.wallets.every((each) => each.revoked_at !== null)).toBe(true)
    await expect(t.loginWithEmail('deleted@example.com')).rejects.toThrow(/user_does_not_exist/)
    // Nor can the app's backend make the deleted user a new wallet.
    const made = await admin.call('POST', '/api/v1/wallets', { chain_type: 'solana', user_id: user.userId })
    expect(made.json().code).toBe('user_does_not_exist')

    const message = await waitFor(() => receiver.received.find((each) => each.body.includes(user.userId)))
    expect(verifyReceived(endpoint.secret, message)).toMatchObject({
      type: 'user.deleted',
      data: { user_id: user.userId },
    })
    const audit = await admin.ok<{ data: Array<{ actor: { kind: string } }> }>(
      'GET',
      `/api/v1/audit?user_id=${user.userId}&action=user.deleted`,
    )
    expect(audit.data[0]?.actor).toMatchObject({ kind: 'app_secret' })
  })

  it('can be undone before the grace period ends; after it, it is final and the prune job removes the user', async () => {
    await admin.ok('PATCH', '/api/v1/apps/settings', { deletion_grace_days: 2 })
    const kept = await makeUser(admin, 'restored@example.com', ['ethereum'])
    await admin.ok('DELETE', `/api/v1/users/${kept.id}`)
    t.clock.advance(24 * 60 * 60 * 1000)
    const restored = await admin.ok<AdminUser>('POST', `/api/v1/users/${kept.id}/restore`, {})
    expect([restored.deleted_at, restored.wallets[0]?.revoked_at]).toEqual([null, null])
    expect((await t.loginWithEmail('restored@example.com')).user.id).toBe(kept.id)

    const gone = await makeUser(admin, 'purged@example.com', ['ethereum'])
    await admin.ok('DELETE', `/api/v1/users/${gone.id}`)
    t.clock.advance(2 * 24 * 60 * 60 * 1000 + 1)
    const late = await admin.call('POST', `/api/v1/users/${gone.id}/restore`, {})
    expect(late.json().code).toBe('user_does_not_exist')
    expect((await pruneExpiredRows(t.database.db, { now: t.clock.now })).users).toBeGreaterThanOrEqual(1)
    expect((await admin.call('GET', `/api/v1/users/${gone.id}`)).statusCode).toBe(404)
    const purged = await admin.ok<{ data: Array<{ action: string }> }>(
      'GET',
      `/api/v1/audit?user_id=${gone.id}&action=user.purged`,
    )
    expect(purged.data.map((entry) => entry.action)).toEqual(['user.purged'])
    expect((await admin.call('GET', `/api/v1/users/${kept.id}`)).statusCode).toBe(200)
    // The address is free again: signing up with it makes a new user.
    const again = await t.loginWithEmail('purged@example.com')
    expect([again.is_new_user, again.user.id === gone.id]).toEqual([true, false])
  })
})

describe('export', () => {
  it('streams every user of the app as JSON Lines, and only them', async () => {
    const { admin: own } = await createAdminApp(t)
    const made = []
    for (let i = 0; i < 7; i++) made.push((await makeUser(own, `export-${i}@example.com`)).id)
    const response = await own.call('GET', '/api/v1/users/export')
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/)
    const lines = response.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as AdminUser)
    expect(lines.map((user) => user.id)).toEqual(made)
  })
})
