// What one API instance changes, every other instance honours: each keeps per-process caches of
// sessions, verified access tokens and wallet policies (so a signature needs no database read), and
// these tests prove the caches never let a revoked session or a replaced policy through. The test
// clock stands still, so no cache entry ever ages out here: only the invalidation can make them pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../src/platform/crypto/tokens'
import type { TestServer } from './harness'
import { startTwoInstances, type TwoInstances } from './support/startTwoInstances'
import {
  basicAuth,
  createWallet,
  PUBLIC_URL,
  type SignedInUser,
  signedCall,
  signInWithKey,
  userCall,
} from './walletRequests'
import { walletCall } from './wallets-harness'

let first: TestServer
let second: TestServer
let instances: TwoInstances | undefined

beforeAll(async () => {
  instances = await startTwoInstances({ SATCHEL_PUBLIC_URL: PUBLIC_URL })
  ;({ first, second } = instances)
}, 60_000)

afterAll(async () => {
  await instances?.close()
})

const sign = (t: TestServer, user: SignedInUser, walletId: string, token = user.token) =>
  walletCall(t, 'POST', `/api/v1/wallets/${walletId}/rpc`, {
    key: user.key,
    token,
    body: { method: 'personal_sign', params: { message: 'hello', encoding: 'utf-8' } },
  })

/**
 * Waits until `check` holds: the other instance hears a change over Redis within milliseconds, but
 * not within the same tick as the answer to the change.
 */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Signs twice on each instance, so both have the session, token and policies cached. */
async function warm(user: SignedInUser, walletId: string): Promise<void> {
  for (const t of [first, second, first, second]) {
    const response = await sign(t, user, walletId)
    expect(response.statusCode, response.body).toBe(200)
  }
}

describe('sessions', () => {
  it('a session logged out on one instance is refused by the other (and by the first at once)', async () => {
    const user = await signInWithKey(first, 'coherence-logout@example.com')
    const wallet = await createWallet(first, user.token)
    await warm(user, wallet.id)

    const logout = await first.call('POST', '/api/v1/sessions/logout', { token: user.token, body: {} })
    expect(logout.statusCode, logout.body).toBe(200)
    // The instance that logged out refuses the (cached) access token in the same breath.
    expect((await sign(first, user, wallet.id)).json().code).toBe('missing_or_invalid_token')
    await eventually(
      async () => (await sign(second, user, wallet.id)).json().code === 'missing_or_invalid_token',
      'the second instance refuses the logged-out session',
    )
    expect((await second.call('GET', '/api/v1/users/me', { token: user.token })).statusCode).toBe(401)
  })

  it('refresh-token reuse on one instance ends the family on the other', async () => {
    const login = await first.loginWithEmail('coherence-reuse@example.com')
    const user: SignedInUser = { token: login.token, userId: login.user.id, key: login.key, sessionId: '' }
    const wallet = await createWallet(first, user.token)
    await warm(user, wallet.id)

    const rotated = await signedCall(first, 'POST', '/api/v1/sessions', {
      key: login.key,
      body: { refresh_token: login.refresh_token },
    })
    expect(rotated.statusCode, rotated.body).toBe(200)
    const newToken: string = rotated.json().token
    expect((await sign(second, user, wallet.id, newToken)).statusCode).toBe(200)
    // The spent token shows up again, after the grace window two tabs get (moved back in the database:
    // the clock stands still here): it was copied, so the whole session ends everywhere.
    await first.database.db.query(
      `update refresh_tokens set used_at = used_at - interval '1 minute' where token_hash = $1`,
      [hashToken(login.refresh_token)],
    )
    const reuse = await signedCall(first, 'POST', '/api/v1/sessions', {
      key: login.key,
      body: { refresh_token: login.refresh_token },
    })
    expect(reuse.json().code).toBe('missing_or_invalid_token')
    await eventually(
      async () =>
        (await sign(second, user, wallet.id, newToken)).json().code === 'missing_or_invalid_token' &&
        (await sign(second, user, wallet.id)).json().code === 'missing_or_invalid_token',
      'the second instance refuses both access tokens of the revoked family',
    )
  })

  it("logging out everywhere ends the user's other sessions on every instance", async () => {
    const phone = await signInWithKey(first, 'coherence-all@example.com')
    const laptop = await signInWithKey(first, 'coherence-all@example.com')
    const wallet = await createWallet(first, phone.token)
    await warm(phone, wallet.id)
    await warm(laptop, wallet.id)

    const out = await userCall(second, laptop, 'POST', '/api/v1/sessions/logout_all', { body: {} })
    expect(out.statusCode, out.body).toBe(200)
    await eventually(
      async () => (await sign(first, phone, wallet.id)).json().code === 'missing_or_invalid_token',
      'the first instance refuses the phone session',
    )
    expect((await sign(second, phone, wallet.id)).json().code).toBe('missing_or_invalid_token')
  })
})

describe('policies', () => {
  const asApp = (t: TestServer, method: 'POST' | 'PATCH', url: string, body: unknown) =>
    t.call(method, url, { body, origin: null, headers: basicAuth(first.app.id, first.appSecret) })
  const rule = (action: 'ALLOW' | 'DENY') => ({
    name: `${action.toLowerCase()} messages`,
    method: 'personal_sign',
    action,
    conditions: [],
  })

  it("a policy's rules changed on one instance are enforced by the other on its next requests", async () => {
    const user = await signInWithKey(first, 'coherence-policy@example.com')
    const wallet = await createWallet(first, user.token)
    const created = await asApp(first, 'POST', '/api/v1/policies', {
      name: 'messages',
      chain_type: 'ethereum',
      rules: [rule('ALLOW')],
    })
    const policyId: string = created.json().id
    const attached = await asApp(first, 'PATCH', `/api/v1/wallets/${wallet.id}/policies`, {
      policy_ids: [policyId],
    })
    expect(attached.statusCode, attached.body).toBe(200)
    await warm(user, wallet.id)

    const changed = await asApp(first, 'PATCH', `/api/v1/policies/${policyId}`, { rules: [rule('DENY')] })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await sign(first, user, wallet.id)).json().code).toBe('policy_violation')
    await eventually(
      async () => (await sign(second, user, wallet.id)).json().code === 'policy_violation',
      'the second instance applies the DENY rule',
    )
  })

  it('a policy attached to a wallet on one instance binds it on the other', async () => {
    const user = await signInWithKey(first, 'coherence-attach@example.com')
    const wallet = await createWallet(first, user.token)
    await warm(user, wallet.id)
    const created = await asApp(second, 'POST', '/api/v1/policies', {
      name: 'no messages',
      chain_type: 'ethereum',
      rules: [rule('DENY')],
    })
    const attached = await asApp(second, 'PATCH', `/api/v1/wallets/${wallet.id}/policies`, {
      policy_ids: [created.json().id],
    })
    expect(attached.statusCode, attached.body).toBe(200)
    expect((await sign(second, user, wallet.id)).json().code).toBe('policy_violation')
    await eventually(
      async () => (await sign(first, user, wallet.id)).json().code === 'policy_violation',
      'the first instance applies the newly attached policy',
    )

    // And detached again: allowed again everywhere.
    await asApp(second, 'PATCH', `/api/v1/wallets/${wallet.id}/policies`, { policy_ids: [] })
    await eventually(
      async () => (await sign(first, user, wallet.id)).statusCode === 200,
      'the first instance drops the detached policy',
    )
  })
})

describe('wallets', () => {
  it('a recovery passcode set on one instance locks the wallet for other sessions on every instance', async () => {
    const phone = await signInWithKey(first, 'coherence-recovery@example.com')
    const laptop = await signInWithKey(first, 'coherence-recovery@example.com')
    const wallet = await createWallet(first, phone.token)
    await warm(phone, wallet.id)
    await warm(laptop, wallet.id)

    const locked = await userCall(first, phone, 'POST', '/api/v1/recovery/passcode', {
      body: { passcode: 'violet-harbor-lantern-1987-quietly' },
    })
    expect(locked.statusCode, locked.body).toBe(200)
    // The auth share left the root: only the session that set the passcode holds an unlock.
    expect((await sign(first, laptop, wallet.id)).json().code).toBe('recovery_required')
    await eventually(
      async () => (await sign(second, laptop, wallet.id)).json().code === 'recovery_required',
      'the second instance stops signing with the replaced auth share',
    )
    expect((await sign(second, phone, wallet.id)).statusCode).toBe(200)
  })
})
