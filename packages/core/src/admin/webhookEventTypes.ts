/**
 * The events an app can receive at its webhook endpoints, one list for the server that sends them
 * and the console that offers them. An endpoint's filter lists some of them (none: all).
 * `webhook.test` is only ever sent by "send test event", to the one endpoint asked.
 */
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'user.authenticated',
  'user.linked_account',
  'user.unlinked_account',
  'user.deleted',
  'wallet.created',
  'wallet.transaction.broadcast',
  'wallet.transaction.confirmed',
  'wallet.transaction.failed',
  'funding.succeeded',
  'funding.failed',
  'mfa.enabled',
  'mfa.disabled',
] as const

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]
