import { type CreatePolicyParameters, createPolicy } from './policies/createPolicy'
import { deletePolicy } from './policies/deletePolicy'
import { getPolicy } from './policies/getPolicy'
import { listPolicies } from './policies/listPolicies'
import type { Policy } from './policies/toPolicy'
import { type UpdatePolicyParameters, updatePolicy } from './policies/updatePolicy'
import { createAppJwks } from './tokens/createAppJwks'
import type { AccessTokenClaims, IdentityTokenClaims } from './tokens/types'
import { verifyAccessToken } from './tokens/verifyAccessToken'
import { verifyIdentityToken } from './tokens/verifyIdentityToken'
import type { SatchelNodeConfig, SatchelNodeContext } from './types'
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
  }
}
