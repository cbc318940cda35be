import { createHash } from 'node:crypto'
import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import {
  buildAuthorizationPayload,
  getP256KeyThumbprint,
  REQUEST_EXPIRY_HEADER,
  serializeAuthorizationPayload,
} from './authorizationSignature'

// What every signed request shares (a session's signed routes, the refresh proof, wallet requests):
// its expiry, the bytes that were signed, and the replay guard.

/** How far ahead a request may set its expiry: a signature is never good for longer. */
const MAX_REQUEST_EXPIRY_MS = 10 * 60 * 1000

/**
 * The request's `satchel-request-expiry`: unix milliseconds, later than now and at most 10 minutes
 * ahead, or `request_expired`.
 *
 * @example
 * const expiresAt = readRequestExpiry(ctx, request)
 */
export function readRequestExpiry(ctx: ServerContext, request: FastifyRequest): number {
  const expiry = readHeader(request, REQUEST_EXPIRY_HEADER)
  const expiresAt = expiry && /^[1-9]\d{0,15}$/.test(expiry) ? Number(expiry) : Number.NaN
  const now = ctx.now()
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= now) throw new ApiError('request_expired')
  if (expiresAt > now + MAX_REQUEST_EXPIRY_MS) {
    throw new ApiError('request_expired', { message: 'The request expiry is more than 10 minutes ahead' })
  }
  return expiresAt
}

/**
 * The bytes the client signed for this request (its method, full URL and body as received, bound to
 * the app, the expiry and the idempotency key), for the authorization signature check.
 *
 * @example
 * const payload = readSignedPayload(ctx, request, { appId: app.id, expiresAt })
 */
export function readSignedPayload(
  ctx: ServerContext,
  request: FastifyRequest,
  {
    appId,
    expiresAt,
    idempotencyKey,
  }: { appId: string; expiresAt: number; idempotencyKey?: string | undefined },
): Uint8Array {
  return serializeAuthorizationPayload(
    buildAuthorizationPayload({
      method: request.method,
      url: getRequestUrl(ctx, request),
      body: request.body,
      appId,
      expiry: String(expiresAt),
      idempotencyKey,
    }),
  )
}

/**
 * Names one signed request for the replay guard: keyed on what was signed rather than on the
 * signature bytes, since an ECDSA signature can be re-encoded (DER or raw) or malleated
 * (s -> n - s) into other valid bytes for the same request.
 *
 * @example
 * const replayKey = getReplayKey(sessionPublicKey, payload)
 */
export function getReplayKey(signerKey: JsonWebKey, payload: Uint8Array): string {
  return createHash('sha256')
    .update(getP256KeyThumbprint(signerKey))
    .update('\n')
    .update(payload)
    .digest('base64url')
}

/**
 * Marks a signed request as used until it expires; the same request again is `replayed_request`.
 * Shared through Redis, so a replay sent to another instance fails too. A request
 * already claimed (`claimed`, by the wallet guard with its rate-limit count) is not claimed twice.
 *
 * @example
 * await claimRequestOnce(ctx, authorized)
 */
export async function claimRequestOnce(
  ctx: ServerContext,
  {
    replayKey,
    expiresAt,
    claimed = false,
  }: { replayKey: string; expiresAt: number; claimed?: boolean | undefined },
): Promise<void> {
  if (claimed) return
  const { key, ttlSeconds } = replayGuard(ctx, { replayKey, expiresAt })
  const fresh = await ctx.kv.setIfAbsent(key, '1', ttlSeconds)
  if (!fresh) throw new ApiError('replayed_request')
}

/** The replay guard's mark for a signed request: kept until just after the signature expires. */
export function replayGuard(
  ctx: ServerContext,
  { replayKey, expiresAt }: { replayKey: string; expiresAt: number },
): { key: string; ttlSeconds: number } {
  return {
    key: `wallet-request:${replayKey}`,
    ttlSeconds: Math.max(1, Math.ceil((expiresAt - ctx.now()) / 1000) + 1),
  }
}

/**
 * The full URL the client called: the configured public URL when there is one (behind a proxy the
 * server cannot see the outside address), else the request's own scheme and host.
 *
 * @example
 * getRequestUrl(ctx, request) // 'https://api.example.com/api/v1/wallets/wallet_x/rpc'
 */
function getRequestUrl(ctx: ServerContext, request: FastifyRequest): string {
  const base = ctx.config.publicUrl
    ? ctx.config.publicUrl.replace(/\/+$/, '')
    : `${request.protocol}://${request.host}`
  return `${base}${request.url}`
}

export function readHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return typeof value === 'string' && value.length > 0 ? value : undefined
}
