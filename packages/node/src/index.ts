// @satchel/node: what an app's backend needs from Satchel. Verify the access and identity tokens the
// SDK hands the app's front end, against the app's key set; call the app-secret API (wallets of the
// app's users, delegated signing, policies). Web Crypto and fetch only: Node 20+, Bun, Deno, edge.

export { ApiError, type ApiErrorCode, BaseError, NetworkError } from '@satchel/core/errors'
export { createSatchelNode, type SatchelNode } from './createSatchelNode'
export { type CreatePolicyParameters, createPolicy } from './policies/createPolicy'
export { deletePolicy } from './policies/deletePolicy'
export { getPolicy } from './policies/getPolicy'
export { listPolicies } from './policies/listPolicies'
export type { Policy, PolicyCondition, PolicyRule } from './policies/toPolicy'
export { type UpdatePolicyParameters, updatePolicy } from './policies/updatePolicy'
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
  type VerifyWebhookErrorType,
  verifyWebhook,
  type WebhookEvent,
  type WebhookHeaders,
} from './webhooks/verifyWebhook'
