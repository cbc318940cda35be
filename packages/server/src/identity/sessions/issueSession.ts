import type { FastifyReply } from 'fastify'
import { mintToken } from '../../platform/tokens/tokens'
import type { App } from '../apps/types'
import type { ServerContext } from '../context'
import { ACCESS_COOKIE } from '../requestContext'
import { toLinkedAccountJson, toUserJson, type User } from '../users/usersRepository'
import { getRefreshCookieName, getRefreshTransport, REFRESH_COOKIE_PATH } from './refreshTransport'

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
