import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { App, LoginMethod } from '../apps/types'
import type { ServerContext } from '../context'
import { readApp } from '../guards/readApp'
import { completeLogin } from '../sessions/completeLogin'
import { authenticatedUserSchema, loginModeSchema, sessionPublicKeySchema } from '../sessions/schemas'
import { addAccountLinkRoutes, proveLoginMethod } from './addAccountLinkRoutes'
import type { LinkedAccountInput } from './usersRepository'

type FastifyApp = Parameters<FastifyPluginAsyncZod>[0]

export type LoginRoutesParameters<Fields extends z.ZodRawShape, UnlinkBody extends z.ZodType> = {
  /** The path segment: `siwe` serves `/api/v1/siwe/authenticate`, `/link`, `/unlink`, `/reauthenticate`. */
  path: string
  /** The login method the app must allow. */
  method: LoginMethod
  /** The fields of the proof (a signature, signed data), the same to sign in, link and reauthenticate. */
  proof: Fields
  /** A rule across the proof's fields (`exactly one of ...`), with the message when it fails. */
  refine?: { check(body: z.output<z.ZodObject<Fields>>): boolean; message: string }
  /** Checks the proof for the app and names its account. */
  verify(app: App, body: z.output<z.ZodObject<Fields>>, request: FastifyRequest): Promise<LinkedAccountInput>
  summaries: { authenticate: string; link: string; unlink: string }
  unlink: {
    body: UnlinkBody
    /** The linked account the body names. */
    account(body: z.output<UnlinkBody>): { type: string; subject: string }
  }
}

/**
 * Adds a login method's routes, the twin of {@link addAccountLinkRoutes} for the way in itself:
 * - `authenticate` (`public`): the per-IP login rate limit, the app allowing the method, the proof
 *   (the same order as linking: {@link proveLoginMethod}), then `completeLogin` signs in or up;
 * - `link`, `unlink`, `reauthenticate` with the same proof, by {@link addAccountLinkRoutes}.
 *
 * @example
 * addLoginRoutes(app, ctx, {
 *   path: 'siws', method: 'siws', proof: proofFields,
 *   verify: (app, body) => verifySiws(ctx, app, body),
 *   summaries: { authenticate: 'Sign in with Solana', link: 'Link a Solana wallet', unlink: 'Unlink a Solana wallet' },
 *   unlink: { body: z.object({ address }), account: (body) => ({ type: 'wallet', subject: body.address }) },
 * })
 */
export function addLoginRoutes<Fields extends z.ZodRawShape, UnlinkBody extends z.ZodType>(
  app: FastifyApp,
  ctx: ServerContext,
  { path, method, proof, refine, verify, summaries, unlink }: LoginRoutesParameters<Fields, UnlinkBody>,
): void {
  const refined = <T extends z.ZodObject>(schema: T): T =>
    refine
      ? schema.refine((body) => refine.check(body as z.output<z.ZodObject<Fields>>), refine.message)
      : schema
  const authenticateBody = refined(
    z.object({ ...proof, mode: loginModeSchema, session_public_key: sessionPublicKeySchema.optional() }),
  )
  type AuthenticateBody = z.output<z.ZodObject<Fields>> & {
    mode: z.output<typeof loginModeSchema>
    session_public_key?: JsonWebKey | undefined
  }

  app.post(
    `/api/v1/${path}/authenticate`,
    {
      config: { guard: 'public' },
      schema: {
        tags: [path],
        summary: summaries.authenticate,
        body: authenticateBody,
        response: { 200: authenticatedUserSchema },
      },
    },
    async (request, reply) => {
      const satchelApp = readApp(request)
      // Validated against `authenticateBody`; the type provider cannot infer through a generic schema.
      const body = request.body as AuthenticateBody
      const account = await proveLoginMethod(ctx, request, satchelApp, method, () =>
        verify(satchelApp, body, request),
      )
      return completeLogin(ctx, request, reply, {
        app: satchelApp,
        method,
        account,
        mode: body.mode,
        sessionPublicKey: body.session_public_key,
      })
    },
  )

  addAccountLinkRoutes(app, ctx, {
    path,
    method,
    link: {
      summary: summaries.link,
      body: refined(z.object(proof)),
      verify: (auth, body, request) => verify(auth.app, body as z.output<z.ZodObject<Fields>>, request),
    },
    unlink: { summary: summaries.unlink, ...unlink },
  })
}
