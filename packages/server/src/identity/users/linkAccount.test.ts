import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/harness'
import type { Auth } from '../requestContext'
import { getLinkedAccountLimit, linkAccount, MAX_LINKED_ACCOUNTS } from './linkAccount'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ app: { loginMethods: ['email', 'siwe', 'passkey', 'oauth'] } })
})
afterAll(() => t.close())

async function signedIn(email: string): Promise<Auth> {
  const login = await t.loginWithEmail(email)
  return { app: t.app, userId: login.user.id, sessionId: 'ses_test', sessionPublicKey: null }
}

const wallet = (i: number, prefix: string) => ({
  type: 'wallet',
  subject: `0x${prefix}${String(i).padStart(40 - prefix.length, '0')}`,
  details: { chain_type: 'ethereum' },
})

describe('getLinkedAccountLimit', () => {
  it('allows one email, phone, custom login and guest, five passkeys, ten wallets, one per social provider', () => {
    expect(
      ['email', 'phone', 'custom_auth', 'guest', 'passkey', 'wallet', 'google_oauth', 'github_oauth'].map(
        getLinkedAccountLimit,
      ),
    ).toEqual([1, 1, 1, 1, 5, 10, 1, 1])
    expect(MAX_LINKED_ACCOUNTS).toBe(20)
  })
})

describe('linkAccount', () => {
  it('links up to ten wallets, and refuses the eleventh with cannot_link_more_of_type', async () => {
    const auth = await signedIn('ten-wallets@example.com')
    for (let i = 0; i < 10; i++) await linkAccount(t.server.satchel, auth, wallet(i, 'a1'), 'siwe')
    await expect(linkAccount(t.server.satchel, auth, wallet(10, 'a1'), 'siwe')).rejects.toMatchObject({
      code: 'cannot_link_more_of_type',
    })
    expect((await t.server.satchel.users.requireUser(auth.userId)).linkedAccounts).toHaveLength(11)
  })

  it('links up to five passkeys, and refuses the sixth', async () => {
    const auth = await signedIn('five-passkeys@example.com')
    const passkey = (i: number) => ({ type: 'passkey', subject: `five-passkeys-${i}`, details: {} })
    for (let i = 0; i < 5; i++) await linkAccount(t.server.satchel, auth, passkey(i), 'passkey')
    await expect(linkAccount(t.server.satchel, auth, passkey(5), 'passkey')).rejects.toMatchObject({
      code: 'cannot_link_more_of_type',
    })
  })

  it('allows one account per social provider, but one of each provider', async () => {
    const auth = await signedIn('socials@example.com')
    await linkAccount(
      t.server.satchel,
      auth,
      { type: 'google_oauth', subject: 'g-socials', details: {} },
      'oauth',
    )
    await linkAccount(
      t.server.satchel,
      auth,
      { type: 'github_oauth', subject: 'gh-socials', details: {} },
      'oauth',
    )
    await expect(
      linkAccount(
        t.server.satchel,
        auth,
        { type: 'google_oauth', subject: 'g-socials-2', details: {} },
        'oauth',
      ),
    ).rejects.toMatchObject({ code: 'cannot_link_more_of_type' })
  })

  it('refuses a method the app has off, before looking at the account', async () => {
    const auth = await signedIn('method-off@example.com')
    await expect(
      linkAccount(t.server.satchel, auth, { type: 'telegram', subject: '42', details: {} }, 'telegram'),
    ).rejects.toMatchObject({ code: 'disallowed_login_method' })
  })

  it('lets only one of two concurrent links into the last wallet slot', async () => {
    const auth = await signedIn('race@example.com')
    for (let i = 0; i < 9; i++) await linkAccount(t.server.satchel, auth, wallet(i, 'b2'), 'siwe')
    const results = await Promise.allSettled([
      linkAccount(t.server.satchel, auth, wallet(100, 'b2'), 'siwe'),
      linkAccount(t.server.satchel, auth, wallet(101, 'b2'), 'siwe'),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const user = await t.server.satchel.users.requireUser(auth.userId)
    expect(user.linkedAccounts.filter((a) => a.type === 'wallet')).toHaveLength(10)
  })

  it('records each link in the audit log, with the type and nothing secret', async () => {
    const auth = await signedIn('audited@example.com')
    await linkAccount(t.server.satchel, auth, wallet(1, 'c3'), 'siwe')
    const rows = await t.database.db.query<{ action: string; details: Record<string, unknown> }>(
      'select action, details from audit_log where user_id = $1 and action like $2',
      [auth.userId, 'account.link%'],
    )
    expect(rows).toEqual([{ action: 'account.link.siwe', details: { type: 'wallet' } }])
  })
})
