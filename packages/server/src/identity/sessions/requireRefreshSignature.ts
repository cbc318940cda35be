import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import { AUTHORIZATION_SIGNATURE_HEADER, verifyP256Signature } from '../signedRequests/authorizationSignature'
import {
  claimRequestOnce,
  getReplayKey,
  readRequestExpiry,
  readSignedPayload,
} from '../signedRequests/signedRequest'

/**
 * Proof of possession for a refresh: the request carries the session key's authorization signature
 * (the scheme of wallet requests: ECDSA P-256 over the canonical `{method, url, body, headers}` with
 * `satchel-request-expiry`), checked against the key bound to the session at login. A refresh token
 * alone (read from storage by an XSS, copied from a log) therefore refreshes nothing: the private key
 * is non-extractable and never leaves the browser that signed in. Single use, like wallet requests:
 * a captured signed refresh cannot be sent again.
 *
 * @throws {ApiError} `invalid_authorization_signature`, `request_expired` or `replayed_request`.
 * @example
 * await requireRefreshSignature(ctx, request, { appId: app.id, sessionPublicKey })
 */
export async function requireRefreshSignature(
  ctx: ServerContext,
  request: FastifyRequest,
  { appId, sessionPublicKey }: { appId: string; sessionPublicKey: JsonWebKey },
): Promise<void> {
  const signature = request.headers[AUTHORIZATION_SIGNATURE_HEADER]
  if (typeof signature !== 'string') throw new ApiError('invalid_authorization_signature')
  const expiresAt = readRequestExpiry(ctx, request)
  const payload = readSignedPayload(ctx, request, { appId, expiresAt })
  if (!verifyP256Signature(sessionPublicKey, payload, signature))
    throw new ApiError('invalid_authorization_signature')
  await claimRequestOnce(ctx, { replayKey: getReplayKey(sessionPublicKey, payload), expiresAt })
}

/**
 * The same proof against the key the request says signed it (`session_public_key` in the body, as
 * DPoP proofs carry theirs), before the session is read: true when the signature verifies and the
 * request was claimed against replay, false (nothing claimed, nothing thrown) otherwise. True proves
 * only that the sender holds that key; the caller must still find it to be the session's.
 *
 * @example
 * if (await proveClaimedRefreshKey(ctx, request, { appId: app.id, claimedKey })) // rotate where the session's key is claimedKey
 */
export async function proveClaimedRefreshKey(
  ctx: ServerContext,
  request: FastifyRequest,
  { appId, claimedKey }: { appId: string; claimedKey: JsonWebKey },
): Promise<boolean> {
  const signature = request.headers[AUTHORIZATION_SIGNATURE_HEADER]
  if (typeof signature !== 'string') return false
  let expiresAt: number
  try {
    expiresAt = readRequestExpiry(ctx, request)
  } catch {
    return false
  }
  const payload = readSignedPayload(ctx, request, { appId, expiresAt })
  if (!verifyP256Signature(claimedKey, payload, signature)) return false
  try {
    await claimRequestOnce(ctx, { replayKey: getReplayKey(claimedKey, payload), expiresAt })
    return true
  } catch (error) {
    if (error instanceof ApiError && error.code === 'replayed_request') return false
    throw error
  }
}
