import { createHash } from 'node:crypto'
import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import type { Auth } from '../http/requestContext'
import {
  AUTHORIZATION_SIGNATURE_HEADER,
  buildAuthorizationPayload,
  getP256KeyThumbprint,
  REQUEST_EXPIRY_HEADER,
  serializeAuthorizationPayload,
  verifyP256Signature,
} from '../wallets/authorizationSignature'
import { getRequestUrl, MAX_REQUEST_EXPIRY_MS } from '../wallets/authorizeWalletRequest'

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
  const expiry = request.headers[REQUEST_EXPIRY_HEADER]
  const expiresAt = typeof expiry === 'string' && /^[1-9]\d{0,15}$/.test(expiry) ? Number(expiry) : Number.NaN
  const now = ctx.now()
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= now) throw new ApiError('request_expired')
  if (expiresAt > now + MAX_REQUEST_EXPIRY_MS)
    throw new ApiError('request_expired', { message: 'The request expiry is more than 10 minutes ahead' })
  const payload = serializeAuthorizationPayload(
    buildAuthorizationPayload({
      method: request.method,
      url: getRequestUrl(ctx, request),
      body: request.body,
      appId: auth.app.id,
      expiry: String(expiresAt),
    }),
  )
  if (!verifyP256Signature(auth.sessionPublicKey, payload, signature))
    throw new ApiError('invalid_authorization_signature')
  const replayKey = createHash('sha256')
    .update(getP256KeyThumbprint(auth.sessionPublicKey))
    .update('\n')
    .update(payload)
    .digest('base64url')
  const ttlSeconds = Math.max(1, Math.ceil((expiresAt - now) / 1000) + 1)
  if (!(await ctx.kv.setIfAbsent(`wallet-request:${replayKey}`, '1', ttlSeconds)))
    throw new ApiError('replayed_request')
}
