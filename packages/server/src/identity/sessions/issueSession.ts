import type { FastifyReply, FastifyRequest } from 'fastify'
import { createId, createRandomToken, hashToken } from '../../platform/crypto/tokens'
import { mintToken } from '../../platform/tokens/tokens'
import type { App } from '../apps/types'
import type { ServerContext } from '../context'
import { ACCESS_COOKIE } from '../requestContext'
import { toLinkedAccountJson, toUserJson, type User } from '../users/usersRepository'
import { getRefreshCookieName, getRefreshTransport, REFRESH_COOKIE_PATH } from './refreshTransport'

/** Starts a session (a refresh-token family) for a user who just proved a way in. */
export async function startSession(
  ctx: ServerContext,
  request: FastifyRequest,
  { app, userId, sessionPublicKey }: { app: App; userId: string; sessionPublicKey: JsonWebKey | undefined },
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = createId('ses')
  const refreshToken = createRandomToken(32)
  const expiresAt = new Date(ctx.now() + ctx.config.refreshTokenTtlSeconds * 1000)
  // One statement makes the session and its first refresh token together (atomic, one round trip).
  await ctx.db.query(
    `with session as (
       insert into sessions (id, app_id, user_id, session_public_key, user_agent, ip, expires_at, created_at, last_used_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning id
     )
     insert into refresh_tokens (token_hash, session_id, expires_at) select $9, id, $7 from session`,
    [
      sessionId,
      app.id,
      userId,
      sessionPublicKey ? JSON.stringify(sessionPublicKey) : null,
      request.headers['user-agent']?.slice(0, 256) ?? null,
      request.ip,
      expiresAt,
      new Date(ctx.now()),
      hashToken(refreshToken),
    ],
  )
  return { sessionId, refreshToken }
}

/** Access and identity tokens for a session. */
export async function mintSessionTokens(ctx: ServerContext, app: App, user: User, sessionId: string) {
  const common = {
    keys: ctx.keys,
    appId: app.id,
    issuer: ctx.config.issuer,
    subject: user.id,
    ttlSeconds: ctx.config.accessTokenTtlSeconds,
    nowSeconds: Math.floor(ctx.now() / 1000),
  }
  const [token, identityToken] = await Promise.all([
    mintToken({ ...common, claims: { sid: sessionId } }),
    // The identity token carries the user's linked accounts for the app's own backend.
    mintToken({
      ...common,
      claims: { linked_accounts: JSON.stringify(user.linkedAccounts.map(toLinkedAccountJson)) },
    }),
  ])
  return { token, identityToken }
}

/**
 * The AuthenticatedUser answer. The refresh token travels as an HttpOnly, Secure, SameSite=Strict
 * cookie whenever the browser will send it back (see `getRefreshTransport`), so page scripts (and an
 * XSS) never see it; in cookie mode the access token does too.
 */
export async function sendAuthenticated(
  ctx: ServerContext,
  reply: FastifyReply,
  {
    app,
    user,
    token,
    refreshToken,
    identityToken,
    isNewUser,
    mfaMethods,
  }: {
    app: App
    user: User
    token: string
    refreshToken: string
    identityToken: string
    isNewUser: boolean
    mfaMethods?: string[]
  },
) {
  const refreshInCookie = getRefreshTransport(reply.request, app) === 'cookie'
  const body = {
    token: app.cookieMode ? null : token,
    refresh_token: refreshInCookie ? null : refreshToken,
    identity_token: identityToken,
    user: toUserJson(user, mfaMethods ? { mfaMethods } : {}),
    is_new_user: isNewUser,
  }
  const base = { httpOnly: true, secure: true, sameSite: 'strict' as const }
  if (app.cookieMode)
    reply.setCookie(ACCESS_COOKIE, token, { ...base, path: '/', maxAge: ctx.config.accessTokenTtlSeconds })
  if (refreshInCookie)
    reply.setCookie(getRefreshCookieName(app.id), refreshToken, {
      ...base,
      path: REFRESH_COOKIE_PATH,
      maxAge: ctx.config.refreshTokenTtlSeconds,
    })
  return reply.send(body)
}
