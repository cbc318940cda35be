import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import type { Auth } from '../requestContext'
import {
  AUTHORIZATION_SIGNATURE_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  verifyP256Signature,
} from '../signedRequests/authorizationSignature'
import {
  claimRequestOnce,
  getReplayKey,
  readRequestExpiry,
  readSignedPayload,
} from '../signedRequests/signedRequest'

/**
 * The `user+signed` check: the request carries the session key's authorization signature over
 * `{method, url, body, app id, expiry, idempotency key}`, exactly as wallet requests are signed, and
 * is used once (the replay guard is shared with wallet requests, through Redis across instances).
 * The session key never leaves the user's browser, so a stolen access token alone fails here. Runs
 * before validation, so the body is the one the client signed.
 *
 * @throws {ApiError} `invalid_authorization_signature`, `request_expired` or `replayed_request`.
 * @example
 * await checkSessionSignature(ctx, request, auth)
 */
export async function checkSessionSignature(
  ctx: ServerContext,
  request: FastifyRequest,
  auth: Auth,
  /** The app the request acts on: the session's own, or the one a console operator names. */
  appId: string = auth.app.id,
): Promise<void> {
  const signature = request.headers[AUTHORIZATION_SIGNATURE_HEADER]
  if (typeof signature !== 'string' || !auth.sessionPublicKey)
    throw new ApiError('invalid_authorization_signature')
  const expiresAt = readRequestExpiry(ctx, request)
  const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER]
  if (
    idempotencyKey !== undefined &&
    (typeof idempotencyKey !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey))
  )
    throw new ApiError('invalid_data', { message: `Invalid ${IDEMPOTENCY_KEY_HEADER} header` })
  const payload = readSignedPayload(ctx, request, { appId, expiresAt, idempotencyKey })
  if (!verifyP256Signature(auth.sessionPublicKey, payload, signature))
    throw new ApiError('invalid_authorization_signature')
  await claimRequestOnce(ctx, { replayKey: getReplayKey(auth.sessionPublicKey, payload), expiresAt })
}
