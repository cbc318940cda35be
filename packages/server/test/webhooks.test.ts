// Webhooks as an app's backend receives them: signed by the Standard Webhooks specification (checked
// here with the `standardwebhooks` library an app would use), retried after failures, kept through a
// restart of the server, given up on after days of failure, replayed on request.

import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { advanceFundingSession, createFundingSession } from '../src/funding/fundingSessions'
import { recordWalletTransaction, settleWalletTransaction } from '../src/wallets/chains/walletTransactions'
import { startTestServer, type TestServer } from './harness'
import { basicAuth, createWallet, enrollTotp, signInWithKey, userCall, verifyTotp } from './walletRequests'

/** Waits for the worker (it runs on its own), up to a bound far above what it needs. */
const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 20 })

import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver'

let t: TestServer
let receiver: WebhookReceiver
beforeAll(async () => {
  // Retries are due at once (the test clock does not move by itself): what is tested is that they happen.
  t = await startTestServer({ build: { webhookWorker: { pollIntervalMs: 10, retryScheduleMs: [0, 0, 0] } } })
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await t.close()
  await receiver.close()
})

const asApp = (appId = t.app.id, secret = t.appSecret) => ({
  origin: null,
  appId,
  headers: basicAuth(appId, secret),
})

async function addEndpoint(body: Record<string, unknown>, appId?: string, secret?: string) {
  const response = await t.call('POST', '/api/v1/webhooks/endpoints', { ...asApp(appId, secret), body })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { id: string; secret: string; enabled: boolean }
}

async function deliveries(endpointId: string, query = '') {
  const response = await t.call('GET', `/api/v1/webhooks/endpoints/${endpointId}/deliveries${query}`, asApp())
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as {
    data: Array<{
      id: string
      status: string
      attempts: number
      event_type: string
      last_response_code: number | null
      message_id: string
    }>
    next_cursor: string | null
  }
}

/** Verifies as an app would, and answers the event. */
function verified(secret: string, message: { headers: Record<string, unknown>; body: string }) {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(message.headers[name]),
    ]),
  )
  return new Webhook(secret).verify(message.body, headers) as { type: string; data: Record<string, unknown> }
}

function isSignedBy(secret: string, message: { headers: Record<string, unknown>; body: string }): boolean {
  try {
    verified(secret, message)
    return true
  } catch {
    return false
  }
}

describe('webhooks', () => {
  it('delivers a test event, signed so that standardwebhooks verifies it', async () => {
    const endpoint = await addEndpoint({ url: receiver.url })
    expect(endpoint.secret).toMatch(/^whsec_/)
    const test = await t.call('POST', `/api/v1/webhooks/endpoints/${endpoint.id}/test`, asApp())
    expect(test.statusCode, test.body).toBe(200)
    await eventually(async () => expect((await deliveries(endpoint.id)).data[0]?.status).toBe('succeeded'))
    const message = receiver.received.at(-1)
    if (!message) throw new Error('nothing received')
    expect(verified(endpoint.secret, message)).toMatchObject({ type: 'webhook.test' })
    expect(message.headers['webhook-id']).toBe(test.json().message_id)
    // Another secret does not verify it: the signature is bound to the endpoint's secret.
    expect(() => verified(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, message)).toThrow()
    expect((await deliveries(endpoint.id)).data[0]).toMatchObject({ attempts: 1, last_response_code: 200 })
    await t.call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, asApp())
  })

  it("sends the app's events: a sign-up, a sign-in, a wallet, filtered by the endpoint's event types", async () => {
    const all = await addEndpoint({ url: receiver.url })
    const walletsOnly = await addEndpoint({ url: receiver.url, event_types: ['wallet.created'] })
    const user = await signInWithKey(t, 'webhook-events@example.com')
    const wallet = await createWallet(t, user.token)
    await eventually(async () =>
      expect((await deliveries(all.id)).data.map((d) => d.status)).toEqual([
        'succeeded',
        'succeeded',
        'succeeded',
      ]),
    )
    const types = (await deliveries(all.id)).data.map((d) => d.event_type).sort()
    expect(types).toEqual(['user.authenticated', 'user.created', 'wallet.created'])
    const walletEvents = await deliveries(walletsOnly.id)
    expect(walletEvents.data.map((d) => d.event_type)).toEqual(['wallet.created'])
    await eventually(() =>
      expect(
        receiver.received.filter((m) => m.headers['webhook-id'] === walletEvents.data[0]?.message_id),
      ).toHaveLength(2),
    )
    // The same message went to both endpoints, each copy signed with its own endpoint's secret.
    const copies = receiver.received.filter(
      (m) => m.headers['webhook-id'] === walletEvents.data[0]?.message_id,
    )
    const signers = copies.map((m) => [all, walletsOnly].findIndex((e) => isSignedBy(e.secret, m)))
    expect([...signers].sort()).toEqual([0, 1])
    expect(
      verified(walletsOnly.secret, copies[signers.indexOf(1)] ?? { headers: {}, body: '' }),
    ).toMatchObject({
      type: 'wallet.created',
      data: { user_id: user.userId, wallet_id: wallet.id, address: wallet.address },
    })
    for (const endpoint of [all, walletsOnly])
      await t.call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, asApp())
  })

  it("a guest's sign-up names the account type, never the hash its device credential is looked up by", async () => {
    const endpoint = await addEndpoint({ url: receiver.url, event_types: ['user.created'] })
    const credential = Buffer.alloc(32, 9).toString('base64url')
    const guest = await t.call('POST', '/api/v1/guest/authenticate', {
      body: { guest_credential: credential },
    })
    expect(guest.statusCode, guest.body).toBe(200)
    await eventually(async () => expect((await deliveries(endpoint.id)).data[0]?.status).toBe('succeeded'))
    const [delivery] = (await deliveries(endpoint.id)).data
    const message = receiver.received.find((m) => m.headers['webhook-id'] === delivery?.message_id)
    if (!message) throw new Error('user.created not received')
    expect(verified(endpoint.secret, message).data).toEqual({
      user_id: guest.json().user.id,
      is_guest: true,
      account: { type: 'guest' },
    })
    await t.call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, asApp())
  })

  it('sends links, unlinks and MFA changes, each once, to an endpoint that asked for them', async () => {
    const types = ['user.linked_account', 'user.unlinked_account', 'mfa.enabled', 'mfa.disabled']
    const endpoint = await addEndpoint({ url: receiver.url, event_types: types })
    const user = await signInWithKey(t, 'webhook-changes@example.com')
    const phone = '+15005550199'
    const { code, flowId } = await t.sendCode(phone)
    const linked = await userCall(t, user, 'POST', '/api/v1/passwordless_sms/link', {
      body: { phone_number: phone, code, flow_id: flowId },
    })
    expect(linked.statusCode, linked.body).toBe(200)
    const unlinked = await userCall(t, user, 'POST', '/api/v1/passwordless_sms/unlink', {
      body: { phone_number: phone },
    })
    expect(unlinked.statusCode, unlinked.body).toBe(200)
    const totp = await enrollTotp(t, user)
    const mfaToken = await verifyTotp(t, user.token, totp)
    const removed = await userCall(t, user, 'POST', '/api/v1/mfa/totp/unenroll', { mfaToken })
    expect(removed.statusCode, removed.body).toBe(200)
    await eventually(async () =>
      expect((await deliveries(endpoint.id)).data.map((d) => d.status)).toEqual(Array(4).fill('succeeded')),
    )
    const log = (await deliveries(endpoint.id)).data
    expect(log.map((d) => d.event_type).sort()).toEqual([...types].sort())
    const dataOf = (type: string) => {
      const message = receiver.received.find(
        (m) => m.headers['webhook-id'] === log.find((d) => d.event_type === type)?.message_id,
      )
      if (!message) throw new Error(`${type} not received`)
      const event = verified(endpoint.secret, message)
      expect(event.type).toBe(type)
      return event.data
    }
    const account = { type: 'phone', subject: phone }
    expect(dataOf('user.linked_account')).toEqual({ user_id: user.userId, account })
    expect(dataOf('user.unlinked_account')).toEqual({ user_id: user.userId, account })
    expect(dataOf('mfa.enabled')).toEqual({ user_id: user.userId, method: 'totp' })
    expect(dataOf('mfa.disabled')).toEqual({ user_id: user.userId, method: 'totp' })
    await t.call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, asApp())
  })

  it('sends a transaction broadcast then confirmed or failed, and a funding outcome, once each', async () => {
    const types = [
      'wallet.transaction.broadcast',
      'wallet.transaction.confirmed',
      'wallet.transaction.failed',
      'funding.succeeded',
      'funding.failed',
    ]
    const endpoint = await addEndpoint({ url: receiver.url, event_types: types })
    const user = await signInWithKey(t, 'webhook-money@example.com')
    const wallet = await createWallet(t, user.token)
    const db = t.server.satchel.db
    const now = () => t.clock.now
    const [mined, dropped] = [`0x${'1'.repeat(64)}`, `0x${'2'.repeat(64)}`]
    // What the wallet RPC and the receipt follower record, here without a chain.
    for (const hash of [mined, dropped]) {
      await recordWalletTransaction(db, { walletId: wallet.id, caip2: 'eip155:31337', hash, nonce: 0 }, now)
      // Recorded twice (a retried request): still one broadcast event.
      await recordWalletTransaction(db, { walletId: wallet.id, caip2: 'eip155:31337', hash, nonce: 0 }, now)
    }
    await settleWalletTransaction(db, {
      caip2: 'eip155:31337',
      hash: mined,
      status: 'mined',
      blockNumber: 12n,
    })
    await settleWalletTransaction(db, {
      caip2: 'eip155:31337',
      hash: dropped,
      status: 'failed',
      blockNumber: null,
    })
    for (const [ref, status] of [
      ['pay-ok', 'success'],
      ['pay-no', 'failure'],
    ] as const) {
      const session = await createFundingSession(db, {
        userId: user.userId,
        appId: t.app.id,
        provider: 'sandbox',
        externalRef: ref,
        address: wallet.address,
        now: t.clock.now,
      })
      await advanceFundingSession(db, session.id, { status, now: t.clock.now })
      // A late duplicate of the same outcome changes nothing and sends nothing.
      await advanceFundingSession(db, session.id, { status, now: t.clock.now })
    }
    await eventually(async () =>
      expect((await deliveries(endpoint.id)).data.map((d) => d.status)).toEqual(Array(6).fill('succeeded')),
    )
    const sent = (await deliveries(endpoint.id)).data.map((d) => d.event_type).sort()
    expect(sent).toEqual([...types, 'wallet.transaction.broadcast'].sort())
    const confirmed = (await deliveries(endpoint.id)).data.find(
      (d) => d.event_type === 'wallet.transaction.confirmed',
    )
    const message = receiver.received.find((m) => m.headers['webhook-id'] === confirmed?.message_id)
    if (!message) throw new Error('confirmation not received')
    expect(verified(endpoint.secret, message).data).toEqual({
      user_id: user.userId,
      wallet_id: wallet.id,
      caip2: 'eip155:31337',
      hash: mined,
      block_number: '12',
    })
    await t.call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, asApp())
  })

  it('retries after 500s until the receiver takes the message, with the same webhook-id', async () => {
    const endpoint = await addEndpoint({ url: receiver.url })
    const before = receiver.received.length
    receiver.answer(500, 500, 200)
    await t.call('POST', `/api/v1/webhooks/endpoints/${endpoint.id}/test`, asApp())
    await eventually(async () => expect((await deliveries(endpoint.id)).data[0]?.status).toBe('succeeded'))
    const attempts = receiver.received.slice(before)
    expect(attempts).toHaveLength(3)
    expect(new Set(attempts.map((m) => m.headers['webhook-id'])).size).toBe(1)
    for (const attempt of attempts) expect(verified(endpoint.secret, attempt).type).toBe('webhook.test')
    expect((await deliveries(endpoint.id)).data[0]).toMatchObject({ attempts: 3, last_response_code: 200 })
    receiver.answer(200)
    await t.call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, asApp())
  })

  it('replays a delivered message as a new delivery with the same webhook-id', async () => {
    const endpoint = await addEndpoint({ url: receiver.url })
    await t.call('POST', `/api/v1/webhooks/endpoints/${endpoint.id}/test`, asApp())
    await eventually(async () => expect((await deliveries(endpoint.id)).data[0]?.status).toBe('succeeded'))
    const [first] = (await deliveries(endpoint.id)).data
    if (!first) throw new Error('no delivery')
    const replay = await t.call('POST', `/api/v1/webhooks/deliveries/${first.id}/replay`, asApp())
    expect(replay.statusCode, replay.body).toBe(200)
    expect(replay.json()).toMatchObject({ message_id: first.message_id, status: 'pending' })
    await eventually(async () =>
      expect((await deliveries(endpoint.id)).data.map((d) => d.status)).toEqual(['succeeded', 'succeeded']),
    )
    const copies = receiver.received.filter((m) => m.headers['webhook-id'] === first.message_id)
    expect(copies).toHaveLength(2)
    for (const copy of copies) expect(verified(endpoint.secret, copy).type).toBe('webhook.test')
    await t.call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, asApp())
  })

  it('pages the delivery log with a cursor, newest first, without repeats', async () => {
    const endpoint = await addEndpoint({ url: receiver.url })
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000)
      await t.call('POST', `/api/v1/webhooks/endpoints/${endpoint.id}/test`, asApp())
    }
    const first = await deliveries(endpoint.id, '?limit=2')
    expect(first.data).toHaveLength(2)
    expect(first.next_cursor).not.toBeNull()
    const second = await deliveries(endpoint.id, `?limit=2&cursor=${first.next_cursor}`)
    expect(second.data).toHaveLength(1)
    expect(second.next_cursor).toBeNull()
    const ids = [...first.data, ...second.data].map((d) => d.id)
    expect(new Set(ids).size).toBe(3)
    const bad = await t.call(
      'GET',
      `/api/v1/webhooks/endpoints/${endpoint.id}/deliveries?cursor=nonsense`,
      asApp(),
    )
    expect(bad.json().code).toBe('invalid_data')
    await t.call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, asApp())
  })

  it('a rotated secret signs from then on; the old one no longer verifies', async () => {
    const endpoint = await addEndpoint({ url: receiver.url })
    const rotated = await t.call('POST', `/api/v1/webhooks/endpoints/${endpoint.id}/rotate_secret`, asApp())
    const secret: string = rotated.json().secret
    expect(secret).not.toBe(endpoint.secret)
    const test = await t.call('POST', `/api/v1/webhooks/endpoints/${endpoint.id}/test`, asApp())
    await eventually(() =>
      expect(receiver.received.some((m) => m.headers['webhook-id'] === test.json().message_id)).toBe(true),
    )
    const message = receiver.received.find((m) => m.headers['webhook-id'] === test.json().message_id)
    if (!message) throw new Error('not received')
    expect(verified(secret, message).type).toBe('webhook.test')
    expect(() => verified(endpoint.secret, message)).toThrow()
    expect((await t.call('GET', '/api/v1/webhooks/endpoints', asApp())).body).not.toContain(secret)
    await t.call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, asApp())
  })

  it("another app's secret sees nothing of this app's endpoints or deliveries", async () => {
    const endpoint = await addEndpoint({ url: receiver.url })
    const other = await t.createApp({ name: 'Other' })
    const theirs = asApp(other.app.id, other.secret)
    expect((await t.call('GET', `/api/v1/webhooks/endpoints/${endpoint.id}`, theirs)).json().code).toBe(
      'webhook_endpoint_not_found',
    )
    expect((await t.call('POST', `/api/v1/webhooks/endpoints/${endpoint.id}/test`, theirs)).statusCode).toBe(
      404,
    )
    expect((await t.call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, theirs)).statusCode).toBe(404)
    expect((await t.call('GET', '/api/v1/webhooks/endpoints', theirs)).json().data).toEqual([])
    // This app's own secret for the other app's id is refused outright.
    expect(
      (await t.call('GET', '/api/v1/webhooks/endpoints', asApp(other.app.id, t.appSecret))).statusCode,
    ).toBe(401)
    expect((await t.call('GET', `/api/v1/webhooks/endpoints/${endpoint.id}`, asApp())).statusCode).toBe(200)
    await t.call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, asApp())
  })

  it('refuses URLs that are not http(s) or carry credentials, with a catalogued code', async () => {
    for (const url of ['ftp://example.com/x', 'https://user:pass@example.com/x', 'not a url']) {
      const response = await t.call('POST', '/api/v1/webhooks/endpoints', { ...asApp(), body: { url } })
      expect(response.statusCode).toBe(400)
      expect(response.json().code).toBe('invalid_webhook_url')
    }
  })
})
