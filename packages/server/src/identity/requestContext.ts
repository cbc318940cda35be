import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import { secretsEqual } from '../platform/crypto/tokens'
import { verifyTokenCached } from '../platform/tokens/tokens'
import type { AppSecretAccess } from './appSecrets/appSecrets'
import type { App } from './apps/types'
import type { ServerContext } from './context'
import { readLiveSession } from './sessions/sessionCache'

export const APP_ID_HEADER = 'satchel-app-id'
export const ACCESS_COOKIE = 'satchel-token'

export type Auth = { app: App; userId: string; sessionId: string; sessionPublicKey: JsonWebKey | null }

const apps = new WeakMap<FastifyRequest, App>()
const auths = new WeakMap<FastifyRequest, Auth>()

/**
 * The app a request is for, from the `satchel-app-id` header. A browser call (one with an Origin
 * header) must come from one of the app's allowed origins: that is what stops another site from
 * driving a user's session with the user's cookies or a leaked app id.
 */
export async function resolveApp(ctx: ServerContext, request: FastifyRequest): Promise<App> {
  const cached = apps.get(request)
  if (cached) return cached
  const id = request.headers[APP_ID_HEADER]
  if (typeof id !== 'string' || id.length === 0 || id.length > 64)
    throw new ApiError('app_not_found', { message: `Missing or invalid ${APP_ID_HEADER} header` })
  const app = await ctx.apps.getApp(id)
  if (!app) throw new ApiError('app_not_found')
  const origin = request.headers.origin
  if (origin !== undefined && !app.allowedOrigins.includes(origin)) throw new ApiError('invalid_origin')
  apps.set(request, app)
  return app
}

/**
 * The signed-in user: an access token (bearer, or the HttpOnly cookie in cookie mode) that verifies
 * for this app, of a session that is neither revoked nor expired. Both checks are served from
 * per-instance caches (the token's signature until its exp; the session's state until any instance
 * revokes it, see `forgetSessions`), so logout still takes effect on every instance at once.
 */
export async function requireAuth(ctx: ServerContext, request: FastifyRequest): Promise<Auth> {
  const cached = auths.get(request)
  if (cached) return cached
  return requireAuthFor(ctx, request, await resolveApp(ctx, request))
}

/**
 * `requireAuth` for a given app rather than the one the header names: the console's operators sign in
 * to the operator app and name the app they act on in `satchel-app-id` (guards/requireOperator.ts).
 */
export async function requireAuthFor(ctx: ServerContext, request: FastifyRequest, app: App): Promise<Auth> {
  const token = readAccessToken(request, app)
  if (!token) throw new ApiError('must_be_authenticated')
  const claims = await verifyTokenCached(token, {
    keys: ctx.keys,
    appId: app.id,
    issuer: ctx.config.issuer,
    nowSeconds: Math.floor(ctx.now() / 1000),
  })
  const sid = claims.sid
  if (typeof sid !== 'string') throw new ApiError('missing_or_invalid_token')
  const session = await readLiveSession(ctx, sid)
  if (!session || session.userId !== claims.sub) throw new ApiError('missing_or_invalid_token')
  const auth = { app, userId: claims.sub, sessionId: sid, sessionPublicKey: session.sessionPublicKey }
  auths.set(request, auth)
  return auth
}

/** The app's backend, as its secret established it: which secret, and what it may do. */
export type AppSecretCaller = { app: App; secretId: string; access: AppSecretAccess }

/**
 * Server-to-server calls from an app's backend: `Authorization: Basic base64(app_id:app_secret)`,
 * with any of the app's secrets (admin/appSecrets.ts); the caller learns which one and its access.
 */
export async function requireAppSecret(
  ctx: ServerContext,
  request: FastifyRequest,
): Promise<AppSecretCaller> {
  const header = request.headers.authorization
  if (!header?.startsWith('Basic ')) throw new ApiError('invalid_app_credentials')
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  const [id, secret] = colon > 0 ? [decoded.slice(0, colon), decoded.slice(colon + 1)] : ['', '']
  const headerAppId = request.headers[APP_ID_HEADER]
  if (!id || (headerAppId !== undefined && !secretsEqual(String(headerAppId), id)))
    throw new ApiError('invalid_app_credentials')
  const match = await ctx.apps.checkSecret(id, secret)
  if (!match) throw new ApiError('invalid_app_credentials')
  const app = await ctx.apps.getApp(id)
  if (!app) throw new ApiError('invalid_app_credentials')
  return { app, ...match }
}

function readAccessToken(request: FastifyRequest, app: App): string | undefined {
  const header = request.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined
  if (app.cookieMode) return request.cookies?.[ACCESS_COOKIE]
  return undefined
}

/** The client's address for rate limits (the proxy's view when TRUST_PROXY is set). */
export function clientIp(request: FastifyRequest): string {
  return request.ip
}
