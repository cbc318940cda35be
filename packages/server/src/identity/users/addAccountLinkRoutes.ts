import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { rateLimit, rateLimits } from '../../platform/http/rateLimit'
import type { App as AppRecord, LoginMethod } from '../apps/types'
import type { ServerContext } from '../context'
import { readAuth } from '../guards/readAuth'
import { type Auth, clientIp } from '../requestContext'
import { completeReauthentication } from '../sessions/completeReauthentication'
import { userJsonSchema } from '../sessions/schemas'
import { linkAccount, unlinkAccount } from './linkAccount'
import { type LinkedAccountInput, toUserJson } from './usersRepository'

type App = Parameters<FastifyPluginAsyncZod>[0]

export type AccountLinkRoutesParameters<LinkBody extends z.ZodType, UnlinkBody extends z.ZodType> = {
  /** The path segment: `siwe` serves `/api/v1/siwe/link`, `/unlink` and `/reauthenticate`. */
  path: string
  /** The OpenAPI tag besides `linking`; the path segment when not given. */
  tag?: string
  /** The login method the app must allow for a link (and a reauthentication). */
  method: LoginMethod
  link: {
    summary: string
    body: LinkBody
    /** Checks the proof the body carries (a code, a signature, a callback) and names its account. */
    verify(auth: Auth, body: z.output<LinkBody>, request: FastifyRequest): Promise<LinkedAccountInput>
  }
  unlink: {
    summary: string
    body: UnlinkBody
    /** The linked account the body names. */
    account(body: z.output<UnlinkBody>): { type: string; subject: string }
  }
}

/**
 * Adds a login method's linking routes for the signed-in user:
 * - `link` (`user+signed+stepup`): the per-IP login rate limit, the app allowing the method (checked
 *   before the proof, so an app with the method off answers why rather than "wrong code"), the proof,
 *   then the linking rules of {@link linkAccount};
 * - `unlink` (`user+signed+stepup`, with a login proved in the last 5 minutes when the user has no
 *   MFA): the rules of {@link unlinkAccount};
 * - `reauthenticate` (`user+signed`): the same proof as a link, of an account the user already holds,
 *   recorded as this session's "Confirm it's you" (`completeReauthentication`).
 * Link and unlink answer the user. A stolen access token alone can do none of them: the guards ask
 * for the session key's signature, and a second factor when the user has one.
 *
 * @example
 * addAccountLinkRoutes(app, ctx, {
 *   path: 'telegram', method: 'telegram',
 *   link: { summary: 'Link a Telegram account', body, verify: (auth, body) => verifyTelegram(auth.app, body) },
 *   unlink: { summary: 'Unlink a Telegram account', body: unlinkBody, account: (body) => ({ type: 'telegram', subject: body.id }) },
 * })
 */
export function addAccountLinkRoutes<LinkBody extends z.ZodType, UnlinkBody extends z.ZodType>(
  app: App,
  ctx: ServerContext,
  { path, tag = path, method, link, unlink }: AccountLinkRoutesParameters<LinkBody, UnlinkBody>,
): void {
  const prove = (request: FastifyRequest, auth: Auth): Promise<LinkedAccountInput> =>
    // Validated against `link.body` itself; the type provider cannot infer through a generic schema.
    proveLoginMethod(ctx, request, auth.app, method, () =>
      link.verify(auth, request.body as z.output<LinkBody>, request),
    )

  app.post(
    `/api/v1/${path}/link`,
    {
      schema: {
        tags: [tag, 'linking'],
        summary: link.summary,
        security: [{ bearer: [] }],
        body: link.body,
        response: { 200: userJsonSchema },
      },
      config: { guard: 'user+signed+stepup' },
    },
    async (request) => {
      const auth = readAuth(request)
      return toUserJson(await linkAccount(ctx, auth, await prove(request, auth), method))
    },
  )

  app.post(
    `/api/v1/${path}/unlink`,
    {
      schema: {
        tags: [tag, 'linking'],
        summary: unlink.summary,
        security: [{ bearer: [] }],
        body: unlink.body,
        response: { 200: userJsonSchema },
      },
      config: { guard: 'user+signed+stepup', freshLogin: true },
    },
    async (request) => {
      const auth = readAuth(request)
      const { type, subject } = unlink.account(request.body as z.output<UnlinkBody>)
      return toUserJson(await unlinkAccount(ctx, auth, type, subject))
    },
  )

  app.post(
    `/api/v1/${path}/reauthenticate`,
    {
      schema: {
        tags: [tag, 'sessions'],
        summary: `Confirm it's you (${method}): for 5 minutes this session may export, unlink and set a first recovery lock`,
        security: [{ bearer: [] }],
        body: link.body,
        response: { 200: z.object({ reauthenticated_at: z.number() }) },
      },
      config: { guard: 'user+signed' },
    },
    async (request) => {
      const auth = readAuth(request)
      return completeReauthentication(ctx, auth, { method, account: await prove(request, auth) })
    },
  )
}

/**
 * What every way in checks before it signs in, links or reauthenticates, in this order: the per-IP
 * login rate limit, the app allowing the method (before the proof, so an app with the method off
 * answers why rather than "wrong code"), then the method's proof.
 *
 * @throws {ApiError} `too_many_requests`, `disallowed_login_method`, or the proof's own error.
 * @example
 * const account = await proveLoginMethod(ctx, request, app, 'siwe', () => verifySiwe(ctx, app, body))
 */
export async function proveLoginMethod(
  ctx: ServerContext,
  request: FastifyRequest,
  app: AppRecord,
  method: LoginMethod,
  verify: () => Promise<LinkedAccountInput>,
): Promise<LinkedAccountInput> {
  await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
    [`login-ip:${clientIp(request)}`, rateLimits.loginPerIp],
  ])
  if (!app.loginMethods.includes(method)) throw new ApiError('disallowed_login_method')
  return verify()
}
