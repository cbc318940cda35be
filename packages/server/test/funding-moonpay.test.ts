import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  deliverWebhook,
  listenForWebhooks,
  type MoonpayStandIn,
  signInWithWallet,
  startMoonpayStandIn,
} from './funding-standins'
import { ORIGIN, startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'

const LIVE = {
  publishableKey: 'pk_live_satchel',
  secretKey: 'sk_live_satchel',
  webhookKey: 'wk_live_satchel_webhooks',
}
const TEST = {
  publishableKey: 'pk_test_satchel',
  secretKey: 'sk_test_satchel',
  webhookKey: 'wk_test_satchel_webhooks',
}
const TX_HASH = `0x${'cd'.repeat(32)}`

let t: TestServer
let live: MoonpayStandIn
let sandbox: MoonpayStandIn
let apiUrl: string
let alice: Awaited<ReturnType<typeof signInWithWallet>>
let bob: Awaited<ReturnType<typeof signInWithWallet>>

beforeAll(async () => {
  live = await startMoonpayStandIn(LIVE)
  sandbox = await startMoonpayStandIn(TEST)
  t = await startTestServer({
    env: {
      MOONPAY_PUBLISHABLE_KEY: LIVE.publishableKey,
      MOONPAY_SECRET_KEY: LIVE.secretKey,
      MOONPAY_WEBHOOK_KEY: LIVE.webhookKey,
      MOONPAY_API_URL: live.url,
      MOONPAY_WIDGET_URL: live.url,
      MOONPAY_SANDBOX_PUBLISHABLE_KEY: TEST.publishableKey,
      MOONPAY_SANDBOX_SECRET_KEY: TEST.secretKey,
      MOONPAY_SANDBOX_WEBHOOK_KEY: TEST.webhookKey,
      MOONPAY_SANDBOX_API_URL: sandbox.url,
      MOONPAY_SANDBOX_WIDGET_URL: sandbox.url,
    },
  })
  apiUrl = await listenForWebhooks(t)
  alice = await signInWithWallet(t, 'alice-moonpay@example.com')
  bob = await signInWithWallet(t, 'bob-moonpay@example.com')
})
afterAll(async () => {
  await t.close()
  await live.close()
  await sandbox.close()
})

type SignAnswer = { signed_url: string; external_transaction_id: string; warnings: string[] }
const sign = (config: Record<string, unknown>, options: { useSandbox?: boolean; address?: string } = {}) =>
  t.call('POST', '/api/v1/plugins/moonpay_on_ramp/sign', {
    token: alice.token,
    body: { address: options.address ?? alice.address, use_sandbox: options.useSandbox ?? false, config },
  })
const signed = async (
  config: Record<string, unknown> = { chainId: 8453, asset: 'USDC' },
  useSandbox = false,
) => {
  const response = await sign(config, { useSandbox })
  expect(response.statusCode).toBe(200)
  return response.json() as SignAnswer
}
const status = (externalTransactionId: string, token = alice.token) =>
  t.call('GET', `/api/v1/funding/moonpay/status?externalTransactionId=${externalTransactionId}`, { token })
const webhook = (
  type: string,
  data: Record<string, unknown>,
  options: { key?: string; ageSeconds?: number } = {},
) =>
  deliverWebhook(
    apiUrl,
    'moonpay',
    live.signWebhook(
      { type, data: { id: 'mp-tx-1', walletAddress: alice.address, ...data } },
      {
        secret: options.key ?? LIVE.webhookKey,
        timestamp: Math.floor(t.clock.now / 1000) - (options.ageSeconds ?? 0),
      },
    ),
  )

describe('POST /api/v1/plugins/moonpay_on_ramp/sign', () => {
  it('signs a widget URL for the user’s wallet that MoonPay accepts', async () => {
    const answer = await signed({ chainId: 8453, asset: 'USDC', quoteCurrencyAmount: '.5' })
    expect(answer.external_transaction_id).toMatch(/^mptx_\w{22}$/)
    expect(answer.warnings).toEqual([])
    const url = new URL(answer.signed_url)
    expect(url.origin).toBe(live.url)
    expect([...url.searchParams.keys()]).toEqual([
      'apiKey',
      'currencyCode',
      'walletAddress',
      'quoteCurrencyAmount',
      'externalTransactionId',
      'signature',
    ])
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      apiKey: LIVE.publishableKey,
      currencyCode: 'usdc_base',
      walletAddress: alice.address,
      quoteCurrencyAmount: '0.5',
      externalTransactionId: answer.external_transaction_id,
    })
    expect(answer.signed_url).not.toContain(LIVE.secretKey)

    expect((await fetch(answer.signed_url)).status).toBe(200)
    // Someone who swaps in their own address breaks the signature, and MoonPay refuses the URL.
    const swapped = answer.signed_url.replace(alice.address, bob.address)
    expect((await fetch(swapped)).status).toBe(400)
    expect(live.widgetOpens.map((open) => open.accepted)).toEqual([true, false])
  })

  it('uses the sandbox configuration (its widget, pk_test key and secret) when asked', async () => {
    const answer = await signed({ currencyCode: 'eth' }, true)
    const url = new URL(answer.signed_url)
    expect(url.origin).toBe(sandbox.url)
    expect(url.searchParams.get('apiKey')).toBe(TEST.publishableKey)
    expect((await fetch(answer.signed_url)).status).toBe(200)
    expect(sandbox.widgetOpens.at(-1)?.accepted).toBe(true)
  })

  it('falls back to Ethereum mainnet with a warning on a chain MoonPay does not serve', async () => {
    const answer = await signed({ chainId: 59144, asset: 'native' })
    expect(new URL(answer.signed_url).searchParams.get('currencyCode')).toBe('eth')
    expect(answer.warnings).toEqual([
      'MoonPay does not support native on chain 59144; falling back to Ethereum mainnet (chain 1)',
    ])
  })

  it('refuses an unknown asset or currency code with the warning', async () => {
    const asset = await sign({ chainId: 8453, asset: 'DOGE' })
    expectAnswer(asset, 400, {
      code: 'unsupported_onramp_asset',
      error: 'Unknown onramp asset "DOGE": only "native" and "USDC" are supported',
    })
    const code = await sign({ currencyCode: 'doge' })
    expect(code.json().code).toBe('unsupported_onramp_asset')
    expect(code.json().error).toMatch(/^Unknown MoonPay currency code "doge": expected one of eth, usdc, /)
  })

  it('refuses a bad amount, a foreign redirect, two currency sources, and someone else’s address', async () => {
    expect((await sign({ currencyCode: 'eth', quoteCurrencyAmount: '1e3' })).json()).toEqual({
      code: 'invalid_data',
      error: 'Invalid onramp parameter quoteCurrencyAmount: "1e3" is not a non-negative decimal number',
    })
    expect((await sign({ currencyCode: 'eth', redirectURL: 'https://evil.example/done' })).json()).toEqual({
      code: 'invalid_data',
      error: "config.redirectURL must be on one of the app's allowed origins",
    })
    expect((await sign({ currencyCode: 'eth', redirectURL: `${ORIGIN}/funded` })).statusCode).toBe(200)
    expect((await sign({ currencyCode: 'eth', chainId: 1, asset: 'native' })).json().code).toBe(
      'invalid_data',
    )
    const notHers = await sign({ currencyCode: 'eth' }, { address: bob.address })
    expect(notHers.json().code).toBe('embedded_wallet_not_found')
  })
})

describe('GET /api/v1/funding/moonpay/status', () => {
  it('is pending while MoonPay answers 404, then follows its transaction array to success', async () => {
    const { external_transaction_id: id } = await signed()
    expect((await status(id)).json()).toEqual({ status: 'pending' })
    live.addTransaction({ id: 'mp-1', status: 'waitingPayment', externalTransactionId: id })
    expect((await status(id)).json()).toEqual({ status: 'pending' })
    live.addTransaction({
      id: 'mp-2',
      status: 'completed',
      externalTransactionId: id,
      cryptoTransactionId: TX_HASH,
    })
    expect((await status(id)).json()).toEqual({ status: 'success', tx_hash: TX_HASH })
  })

  it('answers failure once MoonPay reports the transaction failed', async () => {
    const { external_transaction_id: id } = await signed()
    live.addTransaction({ id: 'mp-3', status: 'failed', externalTransactionId: id })
    expect((await status(id)).json()).toEqual({ status: 'failure' })
  })

  it('asks the API of the configuration the session was signed with', async () => {
    const { external_transaction_id: id } = await signed({ currencyCode: 'eth' }, true)
    sandbox.addTransaction({
      id: 'mp-4',
      status: 'completed',
      externalTransactionId: id,
      cryptoTransactionId: TX_HASH,
    })
    expect((await status(id)).json()).toEqual({ status: 'success', tx_hash: TX_HASH })
  })

  it("answers another user's session as unknown", async () => {
    const { external_transaction_id: id } = await signed()
    expect((await status(id, bob.token)).json()).toEqual({
      code: 'not_found',
      error: 'Unknown funding session',
    })
  })
})

describe('POST /api/v1/funding/webhooks/moonpay', () => {
  it('turns the status to success from a signed Moonpay-Signature-V2 webhook', async () => {
    const { external_transaction_id: id } = await signed()
    const response = await webhook('transaction_updated', {
      status: 'completed',
      externalTransactionId: id,
      cryptoTransactionId: TX_HASH,
    })
    expect(await response.json()).toEqual({ received: true })
    expect((await status(id)).json()).toEqual({ status: 'success', tx_hash: TX_HASH })
  })

  it('refuses a wrong key and a stale timestamp with invalid_webhook', async () => {
    const { external_transaction_id: id } = await signed()
    const data = { status: 'completed', externalTransactionId: id }
    const forged = await webhook('transaction_updated', data, { key: 'wk_live_someone_else_entirely' })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toEqual({
      code: 'invalid_webhook',
      error: 'The webhook signature is not valid',
    })
    const stale = await webhook('transaction_updated', data, { ageSeconds: 6 * 60 })
    expect(await stale.json()).toEqual({
      code: 'invalid_webhook',
      error: 'The webhook timestamp is more than 5 minutes old or ahead',
    })
    expect((await status(id)).json()).toEqual({ status: 'pending' })
  })

  it('does not let the sandbox webhook key settle a production purchase', async () => {
    const { external_transaction_id: id } = await signed()
    const response = await webhook(
      'transaction_updated',
      { status: 'completed', externalTransactionId: id, cryptoTransactionId: TX_HASH },
      { key: TEST.webhookKey },
    )
    expect(response.status).toBe(200)
    expect((await status(id)).json()).toEqual({ status: 'pending' })
  })

  it('folds duplicated and out-of-order events into one monotonic status', async () => {
    const { external_transaction_id: id } = await signed()
    const events: Array<[string, Record<string, unknown>]> = [
      ['transaction_updated', { status: 'pending', externalTransactionId: id }],
      ['transaction_created', { status: 'waitingPayment', externalTransactionId: id }],
      [
        'transaction_updated',
        { status: 'completed', externalTransactionId: id, cryptoTransactionId: TX_HASH },
      ],
      [
        'transaction_updated',
        { status: 'completed', externalTransactionId: id, cryptoTransactionId: TX_HASH },
      ],
      ['transaction_updated', { status: 'pending', externalTransactionId: id }],
      ['transaction_failed', { status: 'failed', externalTransactionId: id }],
    ]
    const seen: string[] = []
    for (const [type, data] of events) {
      expect((await webhook(type, data)).status).toBe(200)
      seen.push((await status(id)).json().status)
    }
    expect(seen).toEqual(['pending', 'pending', 'success', 'success', 'success', 'success'])
    const rows = await t.database.db.query<{ status: string }>(
      'select status from funding_sessions where external_ref = $1',
      [id],
    )
    expect(rows).toEqual([{ status: 'success' }])
  })

  it('keeps a failure final when the failure arrives first', async () => {
    const { external_transaction_id: id } = await signed()
    await webhook('transaction_failed', { status: 'failed', externalTransactionId: id })
    await webhook('transaction_updated', { status: 'pending', externalTransactionId: id })
    expect((await status(id)).json()).toEqual({ status: 'failure' })
  })
})
