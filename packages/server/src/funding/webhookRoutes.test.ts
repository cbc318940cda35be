import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/harness'
import { rateLimits } from '../platform/http/rateLimit'
import { MOONPAY_SIGNATURE_HEADER, SANDBOX_SIGNATURE_HEADER } from './webhookRoutes'

const SANDBOX_SECRET = 'sandbox-webhook-secret-for-rate-limit-tests'
const MOONPAY_WEBHOOK_KEY = 'wk_live_satchel_rate_limit_tests'
const PROVIDER_IP = '203.0.113.7'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({
    env: {
      // The sandbox's URL is never called here: only its webhooks are.
      SANDBOX_ONRAMP_URL: 'http://127.0.0.1:9',
      SANDBOX_ONRAMP_WEBHOOK_SECRET: SANDBOX_SECRET,
      MOONPAY_PUBLISHABLE_KEY: 'pk_live_satchel',
      MOONPAY_SECRET_KEY: 'sk_live_satchel',
      MOONPAY_WEBHOOK_KEY,
    },
  })
})
afterAll(() => t.close())

/** A webhook as a provider sends it: `t=...,s=<hex HMAC of t.body>` over an event for no known session. */
function signedWebhook(secret: string, header: string) {
  const body = JSON.stringify({
    type: 'transaction_updated',
    data: { externalTransactionId: 'fund_unknown' },
  })
  const timestamp = Math.floor(t.clock.now / 1000)
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return { body, headers: { 'content-type': 'application/json', [header]: `t=${timestamp},s=${signature}` } }
}

const deliver = (
  provider: 'sandbox' | 'moonpay',
  remoteAddress: string,
  webhook: { body: string; headers: Record<string, string> },
) =>
  t.server.inject({
    method: 'POST',
    url: `/api/v1/funding/webhooks/${provider}`,
    remoteAddress,
    headers: webhook.headers,
    payload: webhook.body,
  })

describe('POST /api/v1/funding/webhooks/:provider rate limit', () => {
  it('takes a burst of 1200 events a minute, then refuses a flood from one address with too_many_requests, per provider and address', async () => {
    const limit = rateLimits.fundingWebhookPerProviderIp.limit
    // A flood of forged events: each is refused for its signature, and each counts.
    const forged = {
      body: '{}',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: 't=1,s=00' },
    }
    for (let sent = 0; sent < limit; sent += 100) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(100, limit - sent) }, () => deliver('sandbox', PROVIDER_IP, forged)),
      )
      expect(answers.every((answer) => answer.json().code === 'invalid_webhook')).toBe(true)
    }

    const overLimit = await deliver(
      'sandbox',
      PROVIDER_IP,
      signedWebhook(SANDBOX_SECRET, SANDBOX_SIGNATURE_HEADER),
    )
    expect(overLimit.statusCode).toBe(429)
    expect(overLimit.json()).toEqual({ error: expect.any(String), code: 'too_many_requests' })

    // Another provider from the same address, and the same provider from another, are still heard.
    const moonpay = await deliver(
      'moonpay',
      PROVIDER_IP,
      signedWebhook(MOONPAY_WEBHOOK_KEY, MOONPAY_SIGNATURE_HEADER),
    )
    expect(moonpay.statusCode).toBe(200)
    expect(moonpay.json()).toEqual({ received: true })
    const elsewhere = await deliver(
      'sandbox',
      '198.51.100.23',
      signedWebhook(SANDBOX_SECRET, SANDBOX_SIGNATURE_HEADER),
    )
    expect(elsewhere.statusCode).toBe(200)
  })
})
