import { createHmac } from 'node:crypto'

/** The header the API checks sandbox webhooks by (packages/server/src/funding/webhookRoutes.ts). */
export const SANDBOX_SIGNATURE_HEADER = 'satchel-sandbox-signature'

/**
 * The signature header of a sandbox webhook, in MoonPay's scheme: `t=<unix seconds>,s=<hex>` with
 * s = HMAC-SHA256(secret, `${t}.${body}`). The API refuses it 5 minutes after `t`.
 *
 * @example
 * const header = signSandboxWebhook(body, secret, Date.now())
 * // 't=1750000000,s=3f1c...'
 */
export function signSandboxWebhook(body: string, secret: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000)
  return `t=${t},s=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}
