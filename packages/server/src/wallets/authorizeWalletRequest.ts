import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { App } from '../identity/apps/types'
import type { ServerContext } from '../identity/context'
import { type Auth, requireAppSecret, requireAuth } from '../identity/requestContext'
import {
  AUTHORIZATION_SIGNATURE_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  verifyP256Signature,
} from '../identity/signedRequests/authorizationSignature'
import {
  claimRequestOnce,
  getReplayKey,
  readHeader,
  readRequestExpiry,
  readSignedPayload,
  replayGuard,
} from '../identity/signedRequests/signedRequest'
import { recordAudit } from '../platform/audit/recordAudit'
import { rateLimit, rateLimitAndClaim, rateLimits } from '../platform/http/rateLimit'
import type { SigningWallet, WalletSignerRecord } from './walletsRepository'

/** Who signed: the user's session key, or an app server's delegated signer key. */
export type WalletActor = { kind: 'user'; auth: Auth } | { kind: 'signer'; signer: WalletSignerRecord }

export type AuthorizedWalletRequest = {
  app: App
  wallet: SigningWallet
  actor: WalletActor
  idempotencyKey: string | undefined
  /** Names this exact signed request (signer key and payload), for the replay guard. */
  replayKey: string
  /** Unix ms after which the signature is worthless (and the replay guard can be forgotten). */
  expiresAt: number
  /**
   * Already claimed against replays: a request without an idempotency key is claimed together with
   * its rate-limit count, since no stored answer can come before the replay guard.
   */
  claimed: boolean
}

export type AuthorizeWalletRequestParameters = {
  walletId: string
  /** Accept an app server's Basic credentials with a delegated signer's signature (wallet RPC only). */
  allowDelegated: boolean
  /** How a refusal of an identified caller is written to the audit log. */
  audit: { action: string; method?: string | undefined }
}

/**
 * Checks that a wallet request is the signed will of someone allowed to use the wallet, before
 * anything else reads the body: the caller (the user's access token, or an app's secret for a
 * delegated signer), the wallet (the user's own, or one of the app's users'), the expiry, and the
 * P-256 authorization signature over the canonical request. A stolen access token alone cannot sign:
 * the session key that must sign never leaves the user's browser.
 * A request with an idempotency key is claimed against replays later ({@link claimRequestOnce}), so
 * that a retry can be answered from its stored response first; one without is claimed here, in the
 * same round trip to the shared store as its rate-limit count.
 *
 * @example
 * const authorized = await authorizeWalletRequest(ctx, request, { walletId, allowDelegated: true })
 */
export async function authorizeWalletRequest(
  ctx: ServerContext,
  request: FastifyRequest,
  { walletId, allowDelegated, audit }: AuthorizeWalletRequestParameters,
): Promise<AuthorizedWalletRequest> {
  const delegated = allowDelegated && request.headers.authorization?.startsWith('Basic ') === true
  const auth = delegated ? undefined : await requireAuth(ctx, request)
  let app: App
  if (auth) app = auth.app
  else {
    const caller = await requireAppSecret(ctx, request)
    // A delegated signature is a change made with the app's secret: a read-only secret may not.
    if (caller.access === 'read_only') throw new ApiError('app_secret_read_only')
    app = caller.app
  }
  // From here the caller is known: its refusals are worth recording (anonymous noise is not).
  try {
    return await checkSignedRequest(ctx, request, { walletId, app, auth })
  } catch (error) {
    await recordAudit(ctx, {
      appId: app.id,
      userId: auth?.userId ?? null,
      sessionId: auth?.sessionId ?? null,
      action: audit.action,
      outcome: 'denied',
      details: {
        wallet_id: walletId,
        ...(audit.method !== undefined && { method: audit.method }),
        signer: auth ? 'session' : 'delegated',
        code: error instanceof ApiError ? error.code : 'internal_error',
      },
    })
    throw error
  }
}

async function checkSignedRequest(
  ctx: ServerContext,
  request: FastifyRequest,
  { walletId, app, auth }: { walletId: string; app: App; auth: Auth | undefined },
): Promise<AuthorizedWalletRequest> {
  const wallet = await ctx.wallets.getSigningWallet(walletId)
  // Another user's (or another app's) wallet is answered exactly like a wallet that does not exist.
  if (!wallet || wallet.appId !== app.id || (auth && wallet.userId !== auth.userId)) {
    throw new ApiError('embedded_wallet_not_found')
  }

  const signature = readHeader(request, AUTHORIZATION_SIGNATURE_HEADER)
  if (!signature) throw new ApiError('invalid_authorization_signature')
  const expiresAt = readRequestExpiry(ctx, request)
  const idempotencyKey = readHeader(request, IDEMPOTENCY_KEY_HEADER)
  if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) {
    throw new ApiError('invalid_data', { message: `Invalid ${IDEMPOTENCY_KEY_HEADER} header` })
  }

  const payload = readSignedPayload(ctx, request, { appId: app.id, expiresAt, idempotencyKey })
  let actor: WalletActor | undefined
  let signerKey: JsonWebKey | undefined
  if (auth) {
    if (auth.sessionPublicKey && verifyP256Signature(auth.sessionPublicKey, payload, signature)) {
      actor = { kind: 'user', auth }
      signerKey = auth.sessionPublicKey
    }
  } else {
    const signers = await ctx.wallets.listSigners([wallet.id])
    let signer: WalletSignerRecord | undefined
    for (const candidate of signers) {
      if (verifyP256Signature(candidate.publicKey, payload, signature)) {
        signer = candidate
        break
      }
    }
    if (signer) {
      actor = { kind: 'signer', signer }
      signerKey = signer.publicKey
    }
  }

  // Every request to the wallet counts against its limit, refused ones included.
  const walletLimit = [`wallet:${wallet.id}`, rateLimits.walletRequestsPerWallet] as const
  if (!actor || !signerKey) {
    await rateLimit(ctx.kv, ctx.config.rateLimitScale, [walletLimit])
    throw new ApiError('invalid_authorization_signature')
  }
  const replayKey = getReplayKey(signerKey, payload)
  if (idempotencyKey !== undefined) {
    await rateLimit(ctx.kv, ctx.config.rateLimitScale, [walletLimit])
    return { app, wallet, actor, idempotencyKey, replayKey, expiresAt, claimed: false }
  }
  const fresh = await rateLimitAndClaim(
    ctx.kv,
    ctx.config.rateLimitScale,
    walletLimit,
    replayGuard(ctx, { replayKey, expiresAt }),
  )
  if (!fresh) throw new ApiError('replayed_request')
  return { app, wallet, actor, idempotencyKey, replayKey, expiresAt, claimed: true }
}
