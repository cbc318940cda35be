import { z } from 'zod'
import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'

/** The wallet methods, with the API's own parameter shapes (see the API reference). */
export type WalletRpcRequest = (
  | { method: 'personal_sign'; params: { message: string; encoding?: 'utf-8' | 'hex' } }
  | { method: 'eth_signTypedData_v4'; params: { typed_data: Record<string, unknown> } }
  | { method: 'eth_signTransaction'; params: { transaction: Record<string, unknown> } }
  | { method: 'eth_sendTransaction'; params: { transaction: Record<string, unknown> } }
  | { method: 'secp256k1_sign'; params: { hash: string } }
  | { method: 'signMessage'; params: { message: string; encoding?: 'base64' } }
  | { method: 'signTransaction'; params: { transaction: string; encoding?: 'base64' } }
  | { method: 'signAndSendTransaction'; params: { transaction: string; encoding?: 'base64' } }
) & {
  /** The chain, for sending: `eip155:8453`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  caip2?: string
}

export type SendWalletRpcParameters = {
  walletId: string
  request: WalletRpcRequest
  /** The delegated signer's private JWK ({@link createSignerKey}); the user must have added its public key. */
  signerKey: unknown
  /** A retry with the same key answers the first result instead of signing or sending twice. */
  idempotencyKey?: string | undefined
}

const resultSchema = z.object({ method: z.string(), data: z.record(z.string(), z.string()) })

export type WalletRpcResult = {
  readonly method: string
  /** `signature`, `signed_transaction`, `hash`, `caip2`, ... as the method answers. */
  readonly data: Readonly<Record<string, string>>
}

/**
 * Signs or sends with a user's wallet as a delegated signer: the app secret says which app is calling,
 * the signer key's signature over the request says which of the wallet's signers, and the wallet's
 * and the signer's policies decide what it may sign. Without the user having added the key, the
 * answer is `invalid_authorization_signature`.
 *
 * @throws {ApiError} `invalid_authorization_signature`, `policy_violation`, `replayed_request`, ...
 * @example
 * const { data } = await sendWalletRpc(context, {
 *   walletId,
 *   request: { method: 'personal_sign', params: { message: 'hello' } },
 *   signerKey: privateKey,
 * })
 */
export async function sendWalletRpc(
  context: SatchelNodeContext,
  { walletId, request, signerKey, idempotencyKey }: SendWalletRpcParameters,
): Promise<WalletRpcResult> {
  const path = apiPath`/wallets/${walletId}/rpc`
  return requestJson(
    context,
    { method: 'POST', path, body: request, signerKey, idempotencyKey },
    resultSchema.parse,
  )
}
