// @satchel/node: what an app's backend needs from Satchel. Verify the access and identity tokens the
// SDK hands the app's front end, against the app's key set; call the app-secret API (wallets of the
// app's users, delegated signing, policies; the admin API: users, settings, audit, analytics, app
// secrets, webhooks). Web Crypto and fetch only: Node 20+, Bun, Deno, edge.

export { ApiError, type ApiErrorCode, BaseError, NetworkError } from '@satchel/core/errors'
export { createAppSecret } from './appSecrets/createAppSecret'
export { deleteAppSecret } from './appSecrets/deleteAppSecret'
export { listAppSecrets } from './appSecrets/listAppSecrets'
export type { AppSecretInfo } from './appSecrets/toAppSecretInfo'
export { type DailyAnalytics, getDailyAnalytics } from './audit/getDailyAnalytics'
export { type AuditEntry, type ListAuditEntriesParameters, listAuditEntries } from './audit/listAuditEntries'
export { createSatchelNode, type SatchelNode } from './createSatchelNode'
export { type CreatePolicyParameters, createPolicy } from './policies/createPolicy'
export { deletePolicy } from './policies/deletePolicy'
export { getPolicy } from './policies/getPolicy'
export { listPolicies } from './policies/listPolicies'
export type { Policy, PolicyCondition, PolicyRule } from './policies/toPolicy'
export { type UpdatePolicyParameters, updatePolicy } from './policies/updatePolicy'
export { getAppSettings } from './settings/getAppSettings'
export type { AccessList, AppSettings } from './settings/toAppSettings'
export { type UpdateAppSettingsParameters, updateAppSettings } from './settings/updateAppSettings'
export {
  type CreateSignerKeyReturnType,
  createSignerKey,
  type SignerPrivateKey,
  type SignerPublicKey,
} from './signers/createSignerKey'
export type { AccessTokenClaims, IdentityTokenClaims, LinkedAccount } from './tokens/types'
export { verifyAccessToken } from './tokens/verifyAccessToken'
export { verifyIdentityToken } from './tokens/verifyIdentityToken'
export type { SatchelNodeConfig, SatchelNodeContext } from './types'
export { type CreateUserAccount, type CreateUserParameters, createUser } from './users/createUser'
export { type DeleteUserReturnType, deleteUser } from './users/deleteUser'
export { exportUsers } from './users/exportUsers'
export { getUser } from './users/getUser'
export { listUserSessions, type UserSession } from './users/listUserSessions'
export { type ListUsersParameters, type ListUsersReturnType, listUsers } from './users/listUsers'
export { type LookupUserParameters, lookupUser } from './users/lookupUser'
export { restoreUser } from './users/restoreUser'
export { revokeUserSessions } from './users/revokeUserSessions'
export type { AdminLinkedAccount, AdminUser } from './users/toAdminUser'
export {
  type CreateWalletParameters,
  type CreateWalletReturnType,
  createWallet,
} from './wallets/createWallet'
export { getWallet } from './wallets/getWallet'
export { getWalletTransaction, type WalletTransaction } from './wallets/getWalletTransaction'
export { listWallets } from './wallets/listWallets'
export {
  type SendWalletRpcParameters,
  sendWalletRpc,
  type WalletRpcRequest,
  type WalletRpcResult,
} from './wallets/sendWalletRpc'
export { setWalletPolicies } from './wallets/setWalletPolicies'
export type { Wallet, WalletSigner } from './wallets/toWallet'
export {
  type CreateWebhookEndpointParameters,
  createWebhookEndpoint,
} from './webhooks/createWebhookEndpoint'
export { deleteWebhookEndpoint } from './webhooks/deleteWebhookEndpoint'
export { listWebhookDeliveries } from './webhooks/listWebhookDeliveries'
export { listWebhookEndpoints } from './webhooks/listWebhookEndpoints'
export { replayWebhookDelivery } from './webhooks/replayWebhookDelivery'
export { rotateWebhookSecret } from './webhooks/rotateWebhookSecret'
export { sendTestWebhook } from './webhooks/sendTestWebhook'
export type { WebhookDelivery } from './webhooks/toWebhookDelivery'
export type { WebhookEndpoint } from './webhooks/toWebhookEndpoint'
export {
  type VerifyWebhookErrorType,
  verifyWebhook,
  type WebhookEvent,
  type WebhookHeaders,
} from './webhooks/verifyWebhook'
