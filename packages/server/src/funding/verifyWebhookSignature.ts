import { createHmac } from 'node:crypto'
import { ApiError } from '@satchel/core'
import { secretsEqual } from '../platform/crypto/tokens'

/** Older (or further in the future) than this, a signed webhook is refused as a possible replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60

export type VerifyWebhookSignatureParameters = {
  /** The signature header's value: `t=<unix seconds>,<field>=<hex>[,...]`. */
  header: string | string[] | undefined
  /** The request body exactly as received: the signature covers these bytes, not re-serialised JSON. */
  rawBody: Buffer
  /** The provider's secrets to try (MoonPay has one per environment). */
  secrets: readonly string[]
  /** Which part carries the signature: MoonPay and the sandbox use `s`, Coinbase (Hook0) `v0`. */
  field: string
  nowMs: number
}

/**
 * Checks a `t=...,<field>=...` webhook signature: hex HMAC-SHA256 of `${t}.${raw body}` under one of
 * the provider's secrets, compared in constant time, with `t` no more than 5 minutes from now. The
 * timestamp is checked after the signature, so an unsigned caller learns nothing about the window.
 * Answers the index of the secret that signed.
 *
 * @throws {ApiError} `invalid_webhook` for a missing or malformed header, a wrong signature or a stale timestamp.
 * @example
 * verifyWebhookSignature({ header: request.headers['moonpay-signature-v2'], rawBody, secrets: [key], field: 's', nowMs: ctx.now() })
 */
export function verifyWebhookSignature(parameters: VerifyWebhookSignatureParameters): number {
  const { header, rawBody, secrets, field, nowMs } = parameters
  if (typeof header !== 'string')
    throw new ApiError('invalid_webhook', { message: 'The webhook is not signed' })
  const parts = new Map<string, string[]>()
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at <= 0) continue
    const key = part.slice(0, at).trim()
    parts.set(key, [...(parts.get(key) ?? []), part.slice(at + 1).trim()])
  }
  const timestamp = parts.get('t')?.[0] ?? ''
  const signatures = parts.get(field) ?? []
  if (!/^\d{1,12}$/.test(timestamp) || signatures.length === 0)
    throw new ApiError('invalid_webhook', { message: 'The webhook signature header is malformed' })
  // Every secret and every offered signature is compared (no early exit), and several signatures are
  // allowed so a provider can sign with an old and a new secret during a rotation.
  let signedBy = -1
  secrets.forEach((secret, index) => {
    const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')
    for (const signature of signatures) if (secretsEqual(signature.toLowerCase(), expected)) signedBy = index
  })
  if (signedBy < 0) throw new ApiError('invalid_webhook')
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS)
    throw new ApiError('invalid_webhook', {
      message: 'The webhook timestamp is more than 5 minutes old or ahead',
    })
  return signedBy
}
