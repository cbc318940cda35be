// What happened in an app, as its backend reads it: the audit log with filters and cursors, and the
// daily figures (sign-ups by method, active users, wallets, signatures, transactions, funding).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { advanceFundingSession, createFundingSession } from '../src/funding/fundingSessions'
import { recordWalletTransaction } from '../src/wallets/chains/walletTransactions'
import { startTestServer, type TestServer } from './harness'
import { type AdminClient, createAdminApp, createAdminClient } from './support/adminCalls'
import { type SignedInUser, signInWithKey } from './walletRequests'
import { walletCall } from './wallets-harness'

let t: TestServer
let admin: AdminClient
let appId: string
let ada: SignedInUser
let wallet: { id: string; address: string }
beforeAll(async () => {
  t = await startTestServer({ build: { webhookWorker: false } })
  // Everything below happens in an app of its own, so the figures are exactly what this file did.
  const made = await createAdminApp(t, { loginMethods: ['email', 'sms'] })
  admin = made.admin
  appId = made.app.id
  ada = await signInWithKey(t, 'ada-audit@example.com', appId)
  await signInWithKey(t, 'bob-audit@example.com', appId)
  await t.loginWithEmail('ada-audit@example.com', { appId })
  await admin.ok('POST', '/api/v1/users', {
    linked_accounts: [{ type: 'custom_jwt', subject: 'made-ahead' }],
  })
  const created = await t.call('POST', '/api/v1/wallets', {
    appId,
    token: ada.token,
    body: { chain_type: 'ethereum' },
  })
  wallet = created.json()
  for (const message of ['one', 'two'])
    await walletCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
      appId,
      key: ada.key,
      token: ada.token,
      body: { method: 'personal_sign', params: { message, encoding: 'utf-8' } },
    })
  await recordWalletTransaction(t.database.db, {
    walletId: wallet.id,
    caip2: 'eip155:31337',
    hash: `0x${'ab'.repeat(32)}`,
    nonce: 0,
  })
  const funding = await createFundingSession(t.database.db, {
    userId: ada.userId,
    appId,
    provider: 'sandbox',
    externalRef: 'audit-ref',
    address: wallet.address,
    now: Date.now(),
  })
  await advanceFundingSession(t.database.db, funding.id, { status: 'success', now: Date.now() })
})
afterAll(() => t.close())

type Entry = {
  id: string
  actor: Record<string, unknown> | null
  user_id: string | null
  wallet_id: string | null
  action: string
  outcome: string
}
type Page = { data: Entry[]; next_cursor: string | null }

describe('the audit log', () => {
  it("filters by user, wallet, action (or an action's prefix) and outcome", async () => {
    const signatures = await admin.ok<Page>(
      'GET',
      `/api/v1/audit?wallet_id=${wallet.id}&action=wallet.rpc&outcome=success`,
    )
    expect(signatures.data).toHaveLength(2)
    expect(signatures.data[0]).toMatchObject({
      user_id: ada.userId,
      wallet_id: wallet.id,
      actor: { kind: 'user', user_id: ada.userId },
    })
    const logins = await admin.ok<Page>('GET', `/api/v1/audit?user_id=${ada.userId}&action=login.*`)
    expect(logins.data.map((entry) => entry.action)).toEqual(['login.email', 'login.email'])
    const made = await admin.ok<Page>('GET', '/api/v1/audit?action=user.created_by_admin')
    expect(made.data[0]?.actor).toMatchObject({ kind: 'app_secret' })
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())
    expect((await admin.ok<Page>('GET', `/api/v1/audit?from=${future}`)).data).toEqual([])
    expect((await admin.call('GET', '/api/v1/audit?action=DROP%20TABLE')).json().code).toBe('invalid_data')
  })

  it('pages newest first with a cursor, each entry once; another app sees none of it', async () => {
    const all = await admin.ok<Page>('GET', '/api/v1/audit?limit=100')
    const paged: string[] = []
    let cursor: string | null = null
    do {
      const query: string = cursor ? `&cursor=${cursor}` : ''
      const page: Page = await admin.ok<Page>('GET', `/api/v1/audit?limit=3${query}`)
      paged.push(...page.data.map((entry) => entry.id))
      cursor = page.next_cursor
    } while (cursor)
    expect(paged).toEqual(all.data.map((entry) => entry.id))
    expect(all.data.length).toBeGreaterThan(6)
    const other = createAdminClient(t, t.app.id, t.appSecret)
    expect((await other.ok<Page>('GET', `/api/v1/audit?user_id=${ada.userId}`)).data).toEqual([])
  })
})

describe('daily figures', () => {
  it('counts sign-ups by method, active users, wallets, signatures, transactions and funding per day', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const { days } = await admin.ok<{ days: Array<Record<string, unknown>> }>(
      'GET',
      `/api/v1/analytics/daily?from=${yesterday}&to=${today}`,
    )
    expect(days).toEqual([
      {
        date: yesterday,
        sign_ups: {},
        active_users: 0,
        wallets_created: 0,
        signatures: 0,
        transactions: 0,
        funding: [],
      },
      {
        date: today,
        sign_ups: { email: 2, admin: 1 },
        active_users: 2,
        wallets_created: 1,
        signatures: 2,
        transactions: 1,
        funding: expect.arrayContaining([
          { provider: 'sandbox', status: 'pending', count: 1 },
          { provider: 'sandbox', status: 'success', count: 1 },
        ]),
      },
    ])
  })

  it('refuses a range backwards or longer than 366 days', async () => {
    expect(
      (await admin.call('GET', '/api/v1/analytics/daily?from=2026-11-27&to=2026-11-26')).json().code,
    ).toBe('invalid_data')
    expect(
      (await admin.call('GET', '/api/v1/analytics/daily?from=2025-01-01&to=2026-11-26')).json().code,
    ).toBe('invalid_data')
    expect(
      (await admin.call('GET', '/api/v1/analytics/daily?from=2026-02-30&to=2026-03-01')).json().code,
    ).toBe('invalid_data')
  })
})
