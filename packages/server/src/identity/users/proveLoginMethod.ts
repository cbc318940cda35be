import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import { type RateLimitRule, rateLimit, rateLimits } from '../../platform/http/rateLimit'
import type { App, LoginMethod } from '../apps/types'
import type { ServerContext } from '../context'
import { clientIp } from '../requestContext'

/** What a route of a login method checks before its own work: is the method on, and how often. */
export type LoginGate = {
  method: LoginMethod
  /** What an app without the method hears; passkeys keep their own `passkey_not_allowed`. */
  disallowed?: 'disallowed_login_method' | 'passkey_not_allowed'
  /**
   * The rate limit, per client IP: the login limit unless the route spends a budget of its own (a
   * nonce, a challenge), `false` for a route that counts nothing here (its own limit follows).
   */
  limit?: { key: string; rule: RateLimitRule } | false
}

/**
 * The one order every way in checks, for every route of every method (a nonce or a challenge, a
 * sign-in, a link, a reauthentication): the app allowing the method first (an app with the method
 * off answers why, whatever the proof, and spends nothing), then the rate limit, then the proof.
 * `completeLogin` decides the rest (allowlist, terms, the development user cap).
 *
 * @throws {ApiError} `disallowed_login_method` (or `passkey_not_allowed`), `too_many_requests`, or
 *   the proof's own error.
 * @example
 * const account = await proveLoginMethod(ctx, request, app, { method: 'siwe' }, () => verifySiwe(ctx, app, body))
 */
export async function proveLoginMethod<T>(
  ctx: ServerContext,
  request: FastifyRequest,
  app: App,
  { method, disallowed = 'disallowed_login_method', limit }: LoginGate,
  prove: () => Promise<T>,
): Promise<T> {
  if (!app.loginMethods.includes(method)) throw new ApiError(disallowed)
  if (limit !== false) {
    const { key, rule } = limit ?? { key: 'login-ip', rule: rateLimits.loginPerIp }
    await rateLimit(ctx.kv, ctx.config.rateLimitScale, [[`${key}:${clientIp(request)}`, rule]])
  }
  return prove()
}
