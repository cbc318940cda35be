import { createHmac, randomBytes } from 'node:crypto'

const SECRET_PREFIX = 'whsec_'

/**
 * A new endpoint signing secret in the Standard Webhooks format: `whsec_` and 32 random bytes in
 * base64 (what the `standardwebhooks` libraries of every language accept as is).
 *
 * @example
 * createWebhookSecret() // 'whsec_5Nq...'
 */
export function createWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`
}

/**
 * The `webhook-signature` header of a message, by the Standard Webhooks specification: `v1,` and the
 * base64 HMAC-SHA256, keyed with the secret's decoded bytes, of `{id}.{timestamp}.{body}`.
 *
 * @example
 * signWebhook(secret, 'msg_1', 1700000000, '{"type":"user.created"}') // 'v1,K5oZ...'
 */
export function signWebhook(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  )
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')
  return `v1,${mac}`
}
