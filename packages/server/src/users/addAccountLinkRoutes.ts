import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { LoginMethod } from '../apps/types'
import type { ServerContext } from '../context'
import { rateLimit, rateLimits } from '../http/rateLimit'
import { type Auth, clientIp, requireAuth } from '../http/requestContext'
import { userJsonSchema } from '../sessions/schemas'
import { linkAccount, unlinkAccount } from './linkAccount'
import { type LinkedAccountInput, toUserJson } from './usersRepository'

type App = Parameters<FastifyPluginAsyncZod>[0]

export type AccountLinkRoutesParameters<LinkBody extends z.ZodType, UnlinkBody extends z.ZodType> = {
  /** The path segment: `siwe` serves `/api/v1/siwe/link` and `/api/v1/siwe/unlink`. */
  path: string
  /** The OpenAPI tag besides `linking`; the path segment when not given. */
  tag?: string
  /** The login method the app must allow for a link. */
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
 * Adds a login method's pair of linking routes for the signed-in user. Link: the access token, the
 * per-IP login rate limit, the app allowing the method (checked before the proof, so an app with the
 * method off answers why rather than "wrong code"), the proof, then the linking rules of
 * {@link linkAccount}. Unlink: the access token, then the rules of {@link unlinkAccount}. Both answer
 * the user.
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
    },
    async (request) => {
      const auth = await requireAuth(ctx, request)
      await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
        [`login-ip:${clientIp(request)}`, rateLimits.loginPerIp],
      ])
      if (!auth.app.loginMethods.includes(method)) throw new ApiError('disallowed_login_method')
      // Validated against `link.body` itself; the type provider cannot infer through a generic schema.
      const account = await link.verify(auth, request.body as z.output<LinkBody>, request)
      return toUserJson(await linkAccount(ctx, auth, account, method))
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
    },
    async (request) => {
      const auth = await requireAuth(ctx, request)
      const { type, subject } = unlink.account(request.body as z.output<UnlinkBody>)
      return toUserJson(await unlinkAccount(ctx, auth, type, subject))
    },
  )
}
