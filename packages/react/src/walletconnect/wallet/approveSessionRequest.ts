import { getWalletConnectError } from '@satchel/core'
import type { SatchelClient } from '../../client/createSatchelClient'
import { toProviderRpcError } from '../../ethereum/toProviderRpcError'
import { answerSessionRequest } from './answerSessionRequest'
import type { WalletKitClient } from './initWalletKit'
import { isRetryableError } from './isRetryableError'
import { readSession } from './readSession'
import type { WalletConnectRequest } from './types'

/** How an approved request ended: answered with a result, or answered with an error the app now has. */
export type ApproveRequestReturnType =
  | { outcome: 'approved'; result: unknown }
  | { outcome: 'failed'; error: Error }

/**
 * Answers a queued request the user approved: the embedded wallet does it through the server, and the
 * app gets the result. A failure the user can fix (a second factor, the network) is thrown and the
 * request stays; any other failure goes back to the app as its EIP-1193 error.
 *
 * @example
 * const { outcome } = await approveSessionRequest(client, kit, request)
 */
export async function approveSessionRequest(
  client: SatchelClient,
  kit: WalletKitClient,
  request: WalletConnectRequest,
): Promise<ApproveRequestReturnType> {
  const session = readSession(kit.getActiveSessions()[request.topic])
  const addresses = session.accounts
    .filter((account) => account.startsWith(`${request.caip2}:`))
    .map((account) => account.slice(request.caip2.length + 1))
  let result: unknown
  try {
    result = await answerSessionRequest(client, {
      method: request.method,
      params: request.params,
      caip2: request.caip2,
      chainId: request.chainId,
      addresses,
      idempotencyKey: `walletconnect:${request.topic}:${request.id}`,
    })
  } catch (error) {
    if (isRetryableError(error)) throw error
    const rpcError = toProviderRpcError(error)
    await rejectSessionRequest(kit, request, rpcError.toJSON())
    return { outcome: 'failed', error: error instanceof Error ? error : rpcError }
  }
  await kit.respondSessionRequest({
    topic: request.topic,
    response: { id: request.id, jsonrpc: '2.0', result },
  })
  return { outcome: 'approved', result }
}

/**
 * Answers a request with an error: user rejected (5000) unless another standard error is given.
 *
 * @example
 * await rejectSessionRequest(kit, request)
 */
export async function rejectSessionRequest(
  kit: WalletKitClient,
  request: { topic: string; id: number },
  error: { code: number; message: string } = getWalletConnectError('USER_REJECTED'),
): Promise<void> {
  await kit.respondSessionRequest({
    topic: request.topic,
    response: { id: request.id, jsonrpc: '2.0', error },
  })
}
