// @satchel/core/admin: the admin API's wire shapes and lists, one source for the server that answers
// with them and @satchel/node and the console that read them. Its own entry (zod), so the React SDK,
// which imports the main entry, never carries it.

export { type AdminUserJson, adminUserJsonSchema } from './adminUserJsonSchema'
export { appSettingsJsonSchema, MFA_REQUIREMENTS, WALLETS_ON_LOGIN } from './appSettingsJsonSchema'
export { type CamelCase, type Camelized, camelize } from './camelize'
export { camelizeSchema } from './camelizeSchema'
export { LOGIN_METHODS, type LoginMethod } from './loginMethods'
export { toCamelCase } from './toCamelCase'
export { webhookDeliveryJsonSchema } from './webhookDeliveryJsonSchema'
export { webhookEndpointJsonSchema } from './webhookEndpointJsonSchema'
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhookEventTypes'
