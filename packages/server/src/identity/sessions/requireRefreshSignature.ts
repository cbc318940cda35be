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
  await claimRequestOnce(ctx, checkRefreshSignature(ctx, request, { appId, key: sessionPublicKey }))
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
  try {
    await claimRequestOnce(ctx, checkRefreshSignature(ctx, request, { appId, key: claimedKey }))
    return true
  } catch (error) {
    if (error instanceof ApiError) return false
    throw error
  }
}

/** The request's signature checked against `key`: what to claim against replay, or the refusal. */
function checkRefreshSignature(
  ctx: ServerContext,
  request: FastifyRequest,
  { appId, key }: { appId: string; key: JsonWebKey },
): { replayKey: string; expiresAt: number } {
  const signature = request.headers[AUTHORIZATION_SIGNATURE_HEADER]
  if (typeof signature !== 'string') throw new ApiError('invalid_authorization_signature')
  const expiresAt = readRequestExpiry(ctx, request)
  const payload = readSignedPayload(ctx, request, { appId, expiresAt })
  if (!verifyP256Signature(key, payload, signature)) throw new ApiError('invalid_authorization_signature')
  return { replayKey: getReplayKey(key, payload), expiresAt }
}
