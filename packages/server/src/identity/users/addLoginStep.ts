import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { App } from '../apps/types'
import type { ServerContext } from '../context'
import { readApp } from '../guards/readApp'
import type { UserGuard } from '../guards/routeGuard'
import { type LoginGate, proveLoginMethod } from './proveLoginMethod'

type FastifyApp = Parameters<FastifyPluginAsyncZod>[0]

export type LoginStepParameters<Body extends z.ZodType> = LoginGate & {
  url: string
  verb?: 'GET' | 'POST'
  /** `public` for a way in, a user guard for a step of the signed-in user (a link, a reauthentication). */
  guard: 'public' | UserGuard
  freshLogin?: true
  tags: string[]
  summary: string
  body?: Body
  headers?: z.ZodType
  response: Record<number, z.ZodType>
  /** The route's own work once the gate passed: a nonce, a challenge, a proof and its end. */
  handle(step: {
    request: FastifyRequest
    reply: FastifyReply
    /** The app the request is for (on a user-guarded step, the signed-in user's: `readAuth`). */
    app: App
    body: z.output<Body>
  }): Promise<unknown>
}

/**
 * Adds one route of a login method behind the gate every way in shares ({@link proveLoginMethod}:
 * the method on for the app, then the rate limit, then this route's work). Every route of every
 * method that checks a proof or hands out a nonce, a challenge or a channel is one of these, so no
 * method can check in an order of its own.
 *
 * @example
 * addLoginStep(app, ctx, {
 *   method: 'siwe', limit: { key: 'nonce-ip', rule: rateLimits.walletNoncePerIp },
 *   url: '/api/v1/siwe/init', guard: 'public', tags: ['siwe'], summary: 'A nonce',
 *   body: z.object({ address }), response: { 200: nonceSchema },
 *   handle: ({ app, body }) => issueWalletNonce(ctx, app.id, 'siwe', body.address),
 * })
 */
export function addLoginStep<Body extends z.ZodType>(
  app: FastifyApp,
  ctx: ServerContext,
  {
    url,
    verb = 'POST',
    guard,
    freshLogin,
    tags,
    summary,
    body,
    headers,
    response,
    handle,
    ...gate
  }: LoginStepParameters<Body>,
): void {
  app.route({
    method: verb,
    url,
    config: { guard, ...(freshLogin ? { freshLogin } : {}) },
    schema: {
      tags,
      summary,
      ...(guard === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(body ? { body } : {}),
      ...(headers ? { headers } : {}),
      response,
    },
    handler: async (request, reply) => {
      const satchelApp = readApp(request)
      return proveLoginMethod(ctx, request, satchelApp, gate, () =>
        // Validated against `body`; the type provider cannot infer through a generic schema.
        handle({ request, reply, app: satchelApp, body: request.body as z.output<Body> }),
      )
    },
  })
}
