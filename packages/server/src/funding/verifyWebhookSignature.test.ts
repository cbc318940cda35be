import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhookSignature } from './verifyWebhookSignature'

const body = Buffer.from('{"type":"transaction_updated","data":{"status":"completed"}}')
const NOW_MS = 1_750_000_000_000
const t = NOW_MS / 1000
const sign = (secret: string, timestamp = t) =>
  createHmac('sha256', secret).update(`${timestamp}.${body.toString()}`).digest('hex')
const verify = (header: string | undefined, secrets = ['key-one-0123456789']) =>
  verifyWebhookSignature({ header, rawBody: body, secrets, field: 's', nowMs: NOW_MS })

describe('verifyWebhookSignature', () => {
  it('answers which secret signed', () => {
    const header = `t=${t},s=${sign('key-two-0123456789')}`
    expect(verify(header, ['key-one-0123456789', 'key-two-0123456789'])).toBe(1)
  })

  it('accepts one good signature among several (a provider rotating its secret)', () => {
    expect(verify(`t=${t},s=${'0'.repeat(64)},s=${sign('key-one-0123456789')}`)).toBe(0)
  })

  it('accepts the 5-minute window on both sides and nothing beyond', () => {
    expect(verify(`t=${t - 300},s=${sign('key-one-0123456789', t - 300)}`)).toBe(0)
    expect(verify(`t=${t + 300},s=${sign('key-one-0123456789', t + 300)}`)).toBe(0)
    for (const skew of [-301, 301])
      expect(() => verify(`t=${t + skew},s=${sign('key-one-0123456789', t + skew)}`)).toThrowError(
        'The webhook timestamp is more than 5 minutes old or ahead',
      )
  })

  it('refuses a missing, malformed or wrong signature', () => {
    expect(() => verify(undefined)).toThrowError('The webhook is not signed')
    expect(() => verify(`s=${sign('key-one-0123456789')}`)).toThrowError(
      'The webhook signature header is malformed',
    )
    expect(() => verify(`t=${t},v1=${sign('key-one-0123456789')}`)).toThrowError(
      'The webhook signature header is malformed',
    )
    expect(() => verify(`t=${t},s=${sign('key-other-0123456')}`)).toThrowError(
      'The webhook signature is not valid',
    )
    // The timestamp is signed: moving it breaks the signature.
    expect(() => verify(`t=${t - 1},s=${sign('key-one-0123456789')}`)).toThrowError(
      'The webhook signature is not valid',
    )
  })
})
