import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'

const PEM = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ format: 'pem', type: 'sec1' })
  .toString()

let t: TestServer
let bare: TestServer

beforeAll(async () => {
  t = await startTestServer({
    env: {
      COINBASE_CDP_KEY_ID: 'organizations/o/apiKeys/k',
      COINBASE_CDP_PRIVATE_KEY: PEM,
      MOONPAY_PUBLISHABLE_KEY: 'pk_live_satchel',
      MOONPAY_SECRET_KEY: 'sk_live_satchel',
      SANDBOX_ONRAMP_URL: 'http://127.0.0.1:8791',
      SANDBOX_ONRAMP_WEBHOOK_SECRET: 'sandbox-webhook-secret',
    },
  })
  // No provider configured (and NODE_ENV=test, so no sandbox by default).
  bare = await startTestServer()
})
afterAll(async () => {
  await t.close()
  await bare.close()
})

const options = (query: string, server = t) => server.call('GET', `/api/v1/funding/options?${query}`)

describe('GET /api/v1/funding/options', () => {
  it('offers every configured provider that sells the asset on the chain', async () => {
    const response = await options('chain_id=8453&asset=USDC')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      chain_id: 8453,
      asset: 'USDC',
      options: [
        { provider: 'coinbase', chain_id: 8453, asset: 'USDC', network: 'base', warnings: [] },
        { provider: 'moonpay', chain_id: 8453, asset: 'USDC', currency_code: 'usdc_base', warnings: [] },
      ],
      warnings: [],
    })
  })

  it('offers MoonPay on Ethereum mainnet, with the warning, where no provider serves the chain', async () => {
    const warning =
      'MoonPay does not support native on chain 59144; falling back to Ethereum mainnet (chain 1)'
    expect((await options('chain_id=59144&asset=native')).json()).toEqual({
      chain_id: 59144,
      asset: 'native',
      options: [
        { provider: 'moonpay', chain_id: 1, asset: 'native', currency_code: 'eth', warnings: [warning] },
      ],
      warnings: [warning],
    })
  })

  it('offers the sandbox on the local devnet chain', async () => {
    const body = (await options('chain_id=31337&asset=USDC')).json()
    expect(
      body.options.map((option: { provider: string; chain_id: number }) => [
        option.provider,
        option.chain_id,
      ]),
    ).toEqual([
      ['moonpay', 1],
      ['sandbox', 31337],
    ])
  })

  it('refuses an unknown asset with the warning', async () => {
    const response = await options('chain_id=1&asset=DOGE')
    expectAnswer(response, 400, {
      code: 'unsupported_onramp_asset',
      error: 'Unknown onramp asset "DOGE": only "native" and "USDC" are supported',
    })
    expect((await options('chain_id=1&asset=DOGE', bare)).json().code).toBe('unsupported_onramp_asset')
  })

  it('refuses a request that names no app', async () => {
    const response = await t.call('GET', '/api/v1/funding/options?chain_id=1&asset=USDC', { appId: null })
    expect(response.json().code).toBe('app_not_found')
  })
})

describe('a server with no onramp configured', () => {
  it('offers nothing', async () => {
    expect((await options('chain_id=8453&asset=USDC', bare)).json()).toMatchObject({
      options: [],
      warnings: [],
    })
  })

  it('answers every provider route as not configured', async () => {
    const login = await bare.loginWithEmail('nobody-funds@example.com')
    const coinbase = await bare.call('POST', '/api/v1/funding/coinbase_on_ramp/init', {
      token: login.token,
      body: { addresses: [{ address: `0x${'1'.repeat(40)}`, blockchains: ['base'] }] },
    })
    expect(coinbase.json()).toEqual({
      code: 'not_found',
      error: 'Coinbase Onramp is not configured on this server',
    })
    const moonpay = await bare.call('POST', '/api/v1/plugins/moonpay_on_ramp/sign', {
      token: login.token,
      body: { address: `0x${'1'.repeat(40)}`, use_sandbox: true, config: { currencyCode: 'eth' } },
    })
    expect(moonpay.json()).toEqual({
      code: 'not_found',
      error: 'MoonPay (sandbox) is not configured on this server',
    })
    const sandbox = await bare.call('POST', '/api/v1/funding/sandbox/init', {
      token: login.token,
      body: { address: `0x${'1'.repeat(40)}`, chain_id: 31337, asset: 'native', amount: '1' },
    })
    expect(sandbox.json()).toEqual({
      code: 'not_found',
      error: 'The sandbox onramp is not enabled on this server',
    })
    const webhook = await bare.call('POST', '/api/v1/funding/webhooks/moonpay', {
      appId: null,
      origin: null,
      body: { type: 'transaction_updated', data: {} },
      headers: { 'moonpay-signature-v2': 't=1,s=00' },
    })
    expectAnswer(webhook, 401, {
      code: 'invalid_webhook',
      error: 'Webhooks from moonpay are not configured on this server',
    })
  })
})
