import type { FastifyRequest } from 'fastify'
import type { App } from '../apps/types'

/**
 * A client that cannot use the refresh cookie (an app framed by another site, a native shell) asks
 * for the refresh token in the answer with `satchel-refresh-token-transport: body`. That hands a
 * script nothing it can use alone: every refresh must also be signed by the session key, which never
 * leaves the browser that made it.
 */
export const REFRESH_TRANSPORT_HEADER = 'satchel-refresh-token-transport'

/** Where a session's refresh token travels: an HttpOnly cookie, or the JSON answer. */
export type RefreshTransport = 'cookie' | 'body'

/**
 * How this request's client gets its refresh token. The refresh token goes into an HttpOnly cookie
 * (which no script on the page, and so no XSS, can read) whenever the cookie will come back:
 * - the app is in cookie mode (its access token is a cookie too);
 * - or the browser says the call is from the API's own site. `Sec-Fetch-Site` is set by the browser
 *   and cannot be written by page scripts; browsers send it only to https or localhost origins, where
 *   a `Secure` cookie is kept, and `same-origin`/`same-site` is exactly when a `SameSite=Strict`
 *   cookie is sent back.
 * A cross-site browser call (third-party cookies are blocked), a call without the header (a server,
 * an old browser) and a client that asks for it ({@link REFRESH_TRANSPORT_HEADER}) get it in the body.
 *
 * @example
 * getRefreshTransport(request, app) // 'cookie' for a page on app.example.com calling api.example.com
 */
export function getRefreshTransport(request: FastifyRequest, app: App): RefreshTransport {
  if (app.cookieMode) return 'cookie'
  if (request.headers[REFRESH_TRANSPORT_HEADER] === 'body') return 'body'
  const site = request.headers['sec-fetch-site']
  return site === 'same-origin' || site === 'same-site' ? 'cookie' : 'body'
}

/**
 * The refresh cookie's name: one per app, so two apps served by one API (app1.example.com and
 * app2.example.com, both same-site with api.example.com) never overwrite each other's session.
 *
 * @example
 * getRefreshCookieName('app_1') // 'satchel-refresh-token.app_1'
 */
export function getRefreshCookieName(appId: string): string {
  return `satchel-refresh-token.${appId}`
}

/** Only the sessions routes ever read the refresh cookie. */
export const REFRESH_COOKIE_PATH = '/api/v1/sessions'
