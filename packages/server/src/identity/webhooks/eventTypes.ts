/** The test event's type: only ever sent by "send test event", to the one endpoint asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'
