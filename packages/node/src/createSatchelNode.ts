import { createAppSecret } from './appSecrets/createAppSecret'
import { deleteAppSecret } from './appSecrets/deleteAppSecret'
import { listAppSecrets } from './appSecrets/listAppSecrets'
import type { AppSecretInfo } from './appSecrets/toAppSecretInfo'
import { type DailyAnalytics, getDailyAnalytics } from './audit/getDailyAnalytics'
import { type AuditEntry, type ListAuditEntriesParameters, listAuditEntries } from './audit/listAuditEntries'
import { type CreatePolicyParameters, createPolicy } from './policies/createPolicy'
import { deletePolicy } from './policies/deletePolicy'
import { getPolicy } from './policies/getPolicy'
import { listPolicies } from './policies/listPolicies'
import type { Policy } from './policies/toPolicy'
import { type UpdatePolicyParameters, updatePolicy } from './policies/updatePolicy'
import { getAppSettings } from './settings/getAppSettings'
import type { AppSettings } from './settings/toAppSettings'
import { type UpdateAppSettingsParameters, updateAppSettings } from './settings/updateAppSettings'
import { createAppJwks } from './tokens/createAppJwks'
import type { AccessTokenClaims, IdentityTokenClaims } from './tokens/types'
import { verifyAccessToken } from './tokens/verifyAccessToken'
import { verifyIdentityToken } from './tokens/verifyIdentityToken'
import type { SatchelNodeConfig, SatchelNodeContext } from './types'
import { type CreateUserParameters, createUser } from './users/createUser'
import { type DeleteUserReturnType, deleteUser } from './users/deleteUser'
import { exportUsers } from './users/exportUsers'
import { getUser } from './users/getUser'
import { listUserSessions, type UserSession } from './users/listUserSessions'
import { type ListUsersParameters, type ListUsersReturnType, listUsers } from './users/listUsers'
import { type LookupUserParameters, lookupUser } from './users/lookupUser'
import { restoreUser } from './users/restoreUser'
import { revokeUserSessions } from './users/revokeUserSessions'
import type { AdminUser } from './users/toAdminUser'
import {
  type CreateWalletParameters,
  type CreateWalletReturnType,
  createWallet,
} from './wallets/createWallet'
import { getWallet } from './wallets/getWallet'
import { getWalletTransaction, type WalletTransaction } from './wallets/getWalletTransaction'
import { listWallets } from './wallets/listWallets'
import { type SendWalletRpcParameters, sendWalletRpc, type WalletRpcResult } from './wallets/sendWalletRpc'
import { setWalletPolicies } from './wallets/setWalletPolicies'
import type { Wallet } from './wallets/toWallet'
import { type CreateWebhookEndpointParameters, createWebhookEndpoint } from './webhooks/createWebhookEndpoint'
import { deleteWebhookEndpoint } from './webhooks/deleteWebhookEndpoint'
import { listWebhookDeliveries } from './webhooks/listWebhookDeliveries'
import { listWebhookEndpoints } from './webhooks/listWebhookEndpoints'
import { replayWebhookDelivery } from './webhooks/replayWebhookDelivery'
import { rotateWebhookSecret } from './webhooks/rotateWebhookSecret'
import { sendTestWebhook } from './webhooks/sendTestWebhook'
import type { WebhookDelivery } from './webhooks/toWebhookDelivery'
import type { WebhookEndpoint } from './webhooks/toWebhookEndpoint'

/** An app backend's Satchel: token verification and the app-secret API, bound to one app. */
export type SatchelNode = {
  /** See {@link verifyAccessToken}. */
  verifyAccessToken(token: unknown): Promise<AccessTokenClaims>
  /** See {@link verifyIdentityToken}. */
  verifyIdentityToken(token: unknown): Promise<IdentityTokenClaims>
  createWallet(parameters: CreateWalletParameters): Promise<CreateWalletReturnType>
  listWallets(parameters: { userId: string }): Promise<Wallet[]>
  getWallet(parameters: { walletId: string }): Promise<Wallet>
  getWalletTransaction(parameters: { walletId: string; hash: string }): Promise<WalletTransaction>
  sendWalletRpc(parameters: SendWalletRpcParameters): Promise<WalletRpcResult>
  setWalletPolicies(parameters: { walletId: string; policyIds: readonly string[] }): Promise<Wallet>
  createPolicy(parameters: CreatePolicyParameters): Promise<Policy>
  listPolicies(): Promise<Policy[]>
  getPolicy(parameters: { policyId: string }): Promise<Policy>
  updatePolicy(parameters: UpdatePolicyParameters): Promise<Policy>
  deletePolicy(parameters: { policyId: string }): Promise<void>
  listUsers(parameters?: ListUsersParameters): Promise<ListUsersReturnType>
  lookupUser(parameters: LookupUserParameters): Promise<AdminUser>
  getUser(parameters: { userId: string }): Promise<AdminUser>
  createUser(parameters: CreateUserParameters): Promise<AdminUser>
  deleteUser(parameters: { userId: string }): Promise<DeleteUserReturnType>
  restoreUser(parameters: { userId: string }): Promise<AdminUser>
  exportUsers(): AsyncGenerator<AdminUser>
  listUserSessions(parameters: { userId: string }): Promise<UserSession[]>
  revokeUserSessions(parameters: { userId: string; sessionId?: string }): Promise<number>
  getAppSettings(): Promise<AppSettings>
  updateAppSettings(parameters: UpdateAppSettingsParameters): Promise<AppSettings>
  listAuditEntries(
    parameters?: ListAuditEntriesParameters,
  ): Promise<{ entries: AuditEntry[]; nextCursor: string | null }>
  getDailyAnalytics(parameters: { from: string; to: string }): Promise<DailyAnalytics[]>
  listAppSecrets(): Promise<AppSecretInfo[]>
  createAppSecret(parameters?: { access?: 'full' | 'read_only' }): Promise<AppSecretInfo & { secret: string }>
  deleteAppSecret(parameters: { secretId: string }): Promise<void>
  createWebhookEndpoint(
    parameters: CreateWebhookEndpointParameters,
  ): Promise<WebhookEndpoint & { secret: string }>
  listWebhookEndpoints(): Promise<WebhookEndpoint[]>
  deleteWebhookEndpoint(parameters: { endpointId: string }): Promise<void>
  rotateWebhookSecret(parameters: { endpointId: string }): Promise<string>
  listWebhookDeliveries(parameters: {
    endpointId: string
    cursor?: string
    limit?: number
  }): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }>
  replayWebhookDelivery(parameters: { deliveryId: string }): Promise<WebhookDelivery>
  sendTestWebhook(parameters: { endpointId: string }): Promise<WebhookDelivery>
}

/**
 * Satchel for an app's backend, bound to one app. Make it once per process: it keeps the app's
 * token-verification keys between calls. Web Crypto and fetch only, so it runs on Node 20+, Bun,
 * Deno and edge runtimes.
 *
 * @example
 * const satchel = createSatchelNode({ serverUrl: 'https://auth.example.com', appId: 'app_...' })
 * const { userId } = await satchel.verifyAccessToken(bearerToken)
 */
export function createSatchelNode(config: SatchelNodeConfig): SatchelNode {
  const serverUrl = config.serverUrl.replace(/\/+$/, '')
  const fetchImplementation = config.fetch ?? ((input, init) => fetch(input, init))
  const timeoutMs = config.timeoutMs ?? 10_000
  const context: SatchelNodeContext = {
    serverUrl,
    publicUrl: (config.publicUrl ?? serverUrl).replace(/\/+$/, ''),
    appId: config.appId,
    appSecret: config.appSecret,
    issuer: config.issuer ?? 'satchel',
    clockToleranceSeconds: config.clockToleranceSeconds ?? 0,
    timeoutMs,
    fetch: fetchImplementation,
    jwks: createAppJwks({
      serverUrl,
      appId: config.appId,
      cooldownMs: config.jwksCooldownMs ?? 30_000,
      timeoutMs,
      fetch: fetchImplementation,
    }),
  }
  return {
    verifyAccessToken: (token) => verifyAccessToken(context, token),
    verifyIdentityToken: (token) => verifyIdentityToken(context, token),
    createWallet: (parameters) => createWallet(context, parameters),
    listWallets: (parameters) => listWallets(context, parameters),
    getWallet: (parameters) => getWallet(context, parameters),
    getWalletTransaction: (parameters) => getWalletTransaction(context, parameters),
    sendWalletRpc: (parameters) => sendWalletRpc(context, parameters),
    setWalletPolicies: (parameters) => setWalletPolicies(context, parameters),
    createPolicy: (parameters) => createPolicy(context, parameters),
    listPolicies: () => listPolicies(context),
    getPolicy: (parameters) => getPolicy(context, parameters),
    updatePolicy: (parameters) => updatePolicy(context, parameters),
    deletePolicy: (parameters) => deletePolicy(context, parameters),
    listUsers: (parameters) => listUsers(context, parameters),
    lookupUser: (parameters) => lookupUser(context, parameters),
    getUser: (parameters) => getUser(context, parameters),
    createUser: (parameters) => createUser(context, parameters),
    deleteUser: (parameters) => deleteUser(context, parameters),
    restoreUser: (parameters) => restoreUser(context, parameters),
    exportUsers: () => exportUsers(context),
    listUserSessions: (parameters) => listUserSessions(context, parameters),
    revokeUserSessions: (parameters) => revokeUserSessions(context, parameters),
    getAppSettings: () => getAppSettings(context),
    updateAppSettings: (parameters) => updateAppSettings(context, parameters),
    listAuditEntries: (parameters) => listAuditEntries(context, parameters),
    getDailyAnalytics: (parameters) => getDailyAnalytics(context, parameters),
    listAppSecrets: () => listAppSecrets(context),
    createAppSecret: (parameters) => createAppSecret(context, parameters),
    deleteAppSecret: (parameters) => deleteAppSecret(context, parameters),
    createWebhookEndpoint: (parameters) => createWebhookEndpoint(context, parameters),
    listWebhookEndpoints: () => listWebhookEndpoints(context),
    deleteWebhookEndpoint: (parameters) => deleteWebhookEndpoint(context, parameters),
    rotateWebhookSecret: (parameters) => rotateWebhookSecret(context, parameters),
    listWebhookDeliveries: (parameters) => listWebhookDeliveries(context, parameters),
    replayWebhookDelivery: (parameters) => replayWebhookDelivery(context, parameters),
    sendTestWebhook: (parameters) => sendTestWebhook(context, parameters),
  }
}
