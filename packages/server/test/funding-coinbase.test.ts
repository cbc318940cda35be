import { generateKeyPairSync } from 'node:crypto'
import { buildCoinbaseOnrampUrl } from '@satchel/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCdpJwt } from '../src/funding/coinbase/createCdpJwt'
import { parseCdpKey } from '../src/platform/config/parseCdpKey'
import {
  type CoinbaseStandIn,
  coinbaseEnv,
  createCdpTestKey,
  deliverWebhook,
  listenForWebhooks,
  signInWithWallet,
  startCoinbaseStandIn,
} from './funding-standins'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'

const WEBHOOK_SECRET = 'coinbase-webhook-secret-for-tests'
const KEY = createCdpTestKey()
const { keyId: KEY_ID, pem: PEM, publicKey } = KEY
const TX_HASH = `0x${'ab'.repeat(32)}`

let t: TestServer
let coinbase: CoinbaseStandIn
let apiUrl: string
let alice: Awaited<ReturnType<typeof signInWithWallet>>
let bob: Awaited<ReturnType<typeof signInWithWallet>>

beforeAll(async () => {
  coinbase = await startCoinbaseStandIn({ keyId: KEY_ID, publicKey })
  t = await startTestServer({
    env: {
      ...coinbaseEnv(KEY, coinbase),
      COINBASE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  })
  apiUrl = await listenForWebhooks(t)
  alice = await signInWithWallet(t, 'alice-coinbase@example.com')
  bob = await signInWithWallet(t, 'bob-coinbase@example.com')
})
afterAll(async () => {
  await t.close()
  await coinbase.close()
})

const init = (body: unknown, token = alice.token) =>
  t.call('POST', '/api/v1/funding/coinbase_on_ramp/init', { token, body })
const status = (partnerUserId: string, token = alice.token) =>
  t.call(
    'GET',
    `/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${encodeURIComponent(partnerUserId)}`,
    {
      token,
    },
  )
const openSession = async () => {
  const response = await init({
    addresses: [{ address: alice.address, blockchains: ['base'] }],
    assets: ['USDC'],
  })
  expect(response.statusCode).toBe(200)
  return response.json() as {
    partner_user_id: string
    session_token: string
    app_id: string
    channel_id: string
  }
}
const webhook = (event: Record<string, unknown>, options: { secret?: string; ageSeconds?: number } = {}) =>
  deliverWebhook(
    apiUrl,
    'coinbase',
    coinbase.signWebhook(event, {
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: Math.floor(t.clock.now / 1000) - (options.ageSeconds ?? 0),
    }),
  )
const event = (partnerUserRef: string, statusName: string, extra: Record<string, unknown> = {}) => ({
  eventType: 'onramp.transaction.updated',
  transactionId: '1f087a54-ff1f-62e8-9f85-aa77ac0499a5',
  status: `ONRAMP_TRANSACTION_STATUS_${statusName}`,
  partnerUserRef,
  purchaseCurrency: 'USDC',
  purchaseNetwork: 'base',
  walletAddress: alice.address,
  txHash: '0x',
  ...extra,
})

describe('POST /api/v1/funding/coinbase_on_ramp/init', () => {
  it("gets a session token for the user's wallet under a random partner user id", async () => {
    const answer = await openSession()
    const accepted = coinbase.tokenRequests.at(-1)
    expect(answer).toEqual({
      app_id: t.app.id,
      channel_id: '',
      partner_user_id: expect.stringMatching(/^fpu_\w{22}$/),
      session_token: accepted?.token,
      onramp_base_url: 'https://pay.coinbase.com/buy/select-asset',
    })
    expect(answer.partner_user_id).not.toContain(alice.userId)
    expect(accepted?.body).toEqual({
      addresses: [{ address: alice.address, blockchains: ['base'] }],
      assets: ['USDC'],
      clientIp: '127.0.0.1',
    })
    // What the client then opens, built by core from this answer.
    const url = new URL(
      buildCoinbaseOnrampUrl({
        appId: answer.app_id,
        sessionToken: answer.session_token,
        partnerUserId: answer.partner_user_id,
        asset: 'USDC',
        network: 'base',
        amount: '.5',
      }),
    )
    expect(url.searchParams.get('sessionToken')).toBe(answer.session_token)
    expect(url.searchParams.get('endPartnerName')).toBe(`satchel-${t.app.id}`)
    expect((await status(answer.partner_user_id)).json()).toEqual({ status: 'pending' })
  })

  it('refuses with onramp_provider_error when Coinbase rejects the CDP JWT (a key it does not know)', async () => {
    coinbase.publicKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey
    try {
      const response = await init({ addresses: [{ address: alice.address, blockchains: ['base'] }] })
      expectAnswer(response, 502, {
        code: 'onramp_provider_error',
        error: 'Coinbase refused the request (HTTP 401)',
      })
      expect(coinbase.refusals.at(-1)).toMatch(/^jwt: signature verification failed/)
    } finally {
      coinbase.publicKey = publicKey
    }
  })

  it('refuses with onramp_provider_error when the JWT was made on a clock 10 minutes ahead (nbf)', async () => {
    t.clock.advance(10 * 60_000)
    try {
      const response = await init({ addresses: [{ address: alice.address, blockchains: ['base'] }] })
      expect(response.json().code).toBe('onramp_provider_error')
      expect(coinbase.refusals.at(-1)).toMatch(/^jwt: "nbf" claim timestamp check failed/)
    } finally {
      t.clock.advance(-10 * 60_000)
    }
  })

  it('signs each JWT for exactly one request: Coinbase refuses it on another path or method', async () => {
    const key = parseCdpKey(KEY_ID, PEM)
    const nowSeconds = Math.floor(Date.now() / 1000)
    const tokenUrl = `${coinbase.url}/onramp/v1/token`
    const body = JSON.stringify({
      addresses: [{ address: alice.address, blockchains: ['base'] }],
      clientIp: '1.2.3.4',
    })
    const post = async (jwt: string) =>
      (await fetch(tokenUrl, { method: 'POST', headers: { authorization: `Bearer ${jwt}` }, body })).status
    expect(await post(await createCdpJwt({ key, method: 'GET', url: tokenUrl, nowSeconds }))).toBe(401)
    expect(coinbase.refusals.at(-1)).toBe(`uris is not [POST ${new URL(coinbase.url).host}/onramp/v1/token]`)
    expect(
      await post(
        await createCdpJwt({ key, method: 'POST', url: `${coinbase.url}/onramp/v1/buy`, nowSeconds }),
      ),
    ).toBe(401)
    expect(await post(await createCdpJwt({ key, method: 'POST', url: tokenUrl, nowSeconds }))).toBe(200)
  })

  it('refuses an unknown asset, an unknown network, and an address that is not the user’s', async () => {
    const unknownAsset = await init({
      addresses: [{ address: alice.address, blockchains: ['base'] }],
      assets: ['DOGE'],
    })
    expectAnswer(unknownAsset, 400, {
      code: 'unsupported_onramp_asset',
      error: 'Unknown Coinbase Onramp asset "DOGE": expected one of USDC, ETH, BTC, SOL, POL',
    })
    const unknownNetwork = await init({ addresses: [{ address: alice.address, blockchains: ['linea'] }] })
    expect(unknownNetwork.json()).toMatchObject({ code: 'unsupported_chain_id' })
    expect(unknownNetwork.json().error).toContain('"linea"')
    const notHers = await init({ addresses: [{ address: bob.address, blockchains: ['base'] }] })
    expect(notHers.statusCode).toBe(404)
    expect(notHers.json()).toEqual({
      code: 'embedded_wallet_not_found',
      error: `The address ${bob.address} is not one of your wallets`,
    })
    const anonymous = await t.call('POST', '/api/v1/funding/coinbase_on_ramp/init', {
      body: { addresses: [{ address: alice.address, blockchains: ['base'] }] },
    })
    expect(anonymous.json().code).toBe('must_be_authenticated')
  })

  it('accepts the address in any letter case (EVM checksums are display only)', async () => {
    const response = await init({
      addresses: [{ address: alice.address.toLowerCase(), blockchains: ['ethereum'] }],
    })
    expect(response.statusCode).toBe(200)
  })
})

describe('GET /api/v1/funding/coinbase_on_ramp/status', () => {
  it("answers from Coinbase's transaction status API, newest transaction first", async () => {
    const { partner_user_id: ref } = await openSession()
    expect((await status(ref)).json()).toEqual({ status: 'pending' })
    coinbase.addTransaction(ref, { status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', tx_hash: '0x' })
    expect((await status(ref)).json()).toEqual({ status: 'pending' })
    coinbase.addTransaction(ref, { status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS', tx_hash: TX_HASH })
    expect((await status(ref)).json()).toEqual({ status: 'success', tx_hash: TX_HASH })
    // Settled: a later report cannot take it back.
    coinbase.addTransaction(ref, { status: 'ONRAMP_TRANSACTION_STATUS_FAILED' })
    expect((await status(ref)).json()).toEqual({ status: 'success', tx_hash: TX_HASH })
  })

  it('answers failure when Coinbase reports the purchase failed', async () => {
    const { partner_user_id: ref } = await openSession()
    coinbase.addTransaction(ref, { status: 'ONRAMP_TRANSACTION_STATUS_FAILED' })
    expect((await status(ref)).json()).toEqual({ status: 'failure' })
  })

  it("answers another user's session as unknown", async () => {
    const { partner_user_id: ref } = await openSession()
    const response = await status(ref, bob.token)
    expectAnswer(response, 404, { code: 'not_found', error: 'Unknown funding session' })
  })
})

describe('POST /api/v1/funding/webhooks/coinbase', () => {
  it('turns the status to success from a signed webhook, with the transaction hash', async () => {
    const { partner_user_id: ref } = await openSession()
    const response = await webhook(
      event(ref, 'SUCCESS', { eventType: 'onramp.transaction.success', txHash: TX_HASH }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true })
    expect((await status(ref)).json()).toEqual({ status: 'success', tx_hash: TX_HASH })
  })

  it('refuses a bad signature, a changed body and a stale timestamp with invalid_webhook', async () => {
    const { partner_user_id: ref } = await openSession()
    const forged = await webhook(event(ref, 'SUCCESS'), { secret: 'not-the-coinbase-webhook-secret' })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toEqual({
      code: 'invalid_webhook',
      error: 'The webhook signature is not valid',
    })

    const signed = coinbase.signWebhook(event(ref, 'FAILED'), {
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(t.clock.now / 1000),
    })
    const changed = await deliverWebhook(apiUrl, 'coinbase', {
      ...signed,
      body: signed.body.replace('FAILED', 'SUCCESS'),
    })
    expect((await changed.json()).code).toBe('invalid_webhook')

    const stale = await webhook(event(ref, 'SUCCESS'), { ageSeconds: 5 * 60 + 1 })
    expect(stale.status).toBe(401)
    expect(await stale.json()).toEqual({
      code: 'invalid_webhook',
      error: 'The webhook timestamp is more than 5 minutes old or ahead',
    })
    const unsigned = await fetch(`${apiUrl}/api/v1/funding/webhooks/coinbase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event(ref, 'SUCCESS')),
    })
    expect(await unsigned.json()).toEqual({ code: 'invalid_webhook', error: 'The webhook is not signed' })
    expect((await status(ref)).json()).toEqual({ status: 'pending' })
  })

  it('folds duplicated and out-of-order events into one monotonic status', async () => {
    const { partner_user_id: ref } = await openSession()
    const sequence = [
      event(ref, 'IN_PROGRESS', { eventType: 'onramp.transaction.created' }),
      event(ref, 'IN_PROGRESS'),
      event(ref, 'SUCCESS', { eventType: 'onramp.transaction.success', txHash: TX_HASH }),
      event(ref, 'IN_PROGRESS', { eventType: 'onramp.transaction.created' }),
      event(ref, 'SUCCESS', { eventType: 'onramp.transaction.success', txHash: TX_HASH }),
      event(ref, 'FAILED', { eventType: 'onramp.transaction.failed' }),
    ]
    const seen: string[] = []
    for (const each of sequence) {
      expect((await webhook(each)).status).toBe(200)
      seen.push((await status(ref)).json().status)
    }
    expect(seen).toEqual(['pending', 'pending', 'success', 'success', 'success', 'success'])
    const rows = await t.database.db.query<{ status: string; tx_hash: string }>(
      'select status, tx_hash from funding_sessions where external_ref = $1',
      [ref],
    )
    expect(rows).toEqual([{ status: 'success', tx_hash: TX_HASH }])
  })

  it('acknowledges an event for no known session without changing anything', async () => {
    const response = await webhook(event('fpu_unknown', 'SUCCESS'))
    expect(response.status).toBe(200)
  })
})
