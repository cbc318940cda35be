import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import type { Auth } from '../http/requestContext'
import { AUTHORIZATION_SIGNATURE_HEADER, verifyP256Signature } from '../wallets/authorizationSignature'
import {
  claimRequestOnce,
  getReplayKey,
  readRequestExpiry,
  readSignedPayload,
} from '../wallets/authorizeWalletRequest'

/**
 * Requires the session key's authorization signature on a request that is not about one wallet
 * (changing a policy's rules), exactly as wallet requests are signed: a stolen access token alone
 * cannot loosen the rules that bind the user's wallets and delegated signers. Run it in a
 * `preValidation` hook, so the body is the one the client signed. Single use (replay guard shared
 * with wallet requests).
 *
 * @throws {ApiError} `invalid_authorization_signature`, `request_expired` or `replayed_request`.
 * @example
 * preValidation: async (request) => { await requireSessionSignature(ctx, request, await requireAuth(ctx, request)) }
 */
export async function requireSessionSignature(
  ctx: ServerContext,
  request: FastifyRequest,
  auth: Auth,
): Promise<void> {
  const signature = request.headers[AUTHORIZATION_SIGNATURE_HEADER]
  if (typeof signature !== 'string' || !auth.sessionPublicKey)
    throw new ApiError('invalid_authorization_signature')
  const expiresAt = readRequestExpiry(ctx, request)
  const payload = readSignedPayload(ctx, request, { appId: auth.app.id, expiresAt })
  if (!verifyP256Signature(auth.sessionPublicKey, payload, signature))
    throw new ApiError('invalid_authorization_signature')
  await claimRequestOnce(ctx, { replayKey: getReplayKey(auth.sessionPublicKey, payload), expiresAt })
}
