import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { App } from '../apps/types'
import type { ServerContext } from '../context'
import type { Auth } from '../requestContext'
import { completeLogin } from '../sessions/completeLogin'
import { authenticatedUserSchema, loginModeSchema, sessionPublicKeySchema } from '../sessions/schemas'
import { addAccountLinkRoutes, type ProvedAccount, readProvedAccount } from './addAccountLinkRoutes'
import { addLoginStep, type LoginStepParameters } from './addLoginStep'
import type { LoginGate } from './proveLoginMethod'

type FastifyApp = Parameters<FastifyPluginAsyncZod>[0]

/** Adds a step of this method (a nonce, a code sent, a channel, a challenge) behind its gate. */
export type AddStep = <Body extends z.ZodType>(
  step: Omit<LoginStepParameters<Body>, 'method' | 'disallowed'>,
) => void

export type LoginRoutesParameters<
  Fields extends z.ZodRawShape,
  UnlinkBody extends z.ZodType,
  LinkBody extends z.ZodType,
> = Omit<LoginGate, 'limit'> & {
  /** The path segment: `siwe` serves `/api/v1/siwe/authenticate`, `/link`, `/unlink`, `/reauthenticate`. */
  path: string
  /** The OpenAPI tag; the path segment when not given. */
  tag?: string
  /** The routes before the proof, added first, each behind the same gate as the proof. */
  steps?(add: AddStep): void
  /** The fields of the proof (a signature, signed data, a code), the same to sign in and reauthenticate. */
  proof: Fields
  /** A rule across the proof's fields (`exactly one of ...`), with the message when it fails. */
  refine?: { check(body: z.output<z.ZodObject<Fields>>): boolean; message: string }
  /** Checks the proof for the app (and, to reauthenticate, the signed-in user) and names its account. */
  verify(
    app: App,
    body: z.output<z.ZodObject<Fields>>,
    request: FastifyRequest,
    auth?: Auth,
  ): Promise<ProvedAccount>
  summaries: { authenticate: string; link?: string; unlink?: string; reauthenticate?: string }
  /** A guest signs up without a mode, and its account is a guest's. */
  guest?: true
  /** Without it the method links nothing (guest, custom JWT): no link, unlink or reauthenticate. */
  unlink?: {
    body: UnlinkBody
    /** The linked account the body names. */
    account(body: z.output<UnlinkBody>): { type: string; subject: string }
    after?(auth: Auth, account: { type: string; subject: string }): Promise<void>
  }
  /** A link with another proof than a sign-in's (a passkey registers a new credential). */
  link?: {
    body: LinkBody
    verify(auth: Auth, body: z.output<LinkBody>, request: FastifyRequest): Promise<ProvedAccount>
  }
}

/**
 * Adds a login method's routes, the twin of {@link addAccountLinkRoutes} for the way in itself:
 * - the method's `steps` (a nonce, a code sent, a channel, a challenge);
 * - `authenticate` (`public`): the gate every way in shares (the app allowing the method, the rate
 *   limit, then the proof: `proveLoginMethod`), then `completeLogin` signs in or up;
 * - `link`, `unlink`, `reauthenticate` by {@link addAccountLinkRoutes}, behind the same gate.
 *
 * @example
 * addLoginRoutes(app, ctx, {
 *   path: 'siws', method: 'siws', proof: proofFields,
 *   verify: (app, body) => verifySiws(ctx, app, body),
 *   summaries: { authenticate: 'Sign in with Solana', link: 'Link a Solana wallet', unlink: 'Unlink a Solana wallet' },
 *   unlink: { body: z.object({ address }), account: (body) => ({ type: 'wallet', subject: body.address }) },
 * })
 */
export function addLoginRoutes<
  Fields extends z.ZodRawShape,
  UnlinkBody extends z.ZodType = z.ZodNever,
  LinkBody extends z.ZodType = z.ZodNever,
>(
  app: FastifyApp,
  ctx: ServerContext,
  parameters: LoginRoutesParameters<Fields, UnlinkBody, LinkBody>,
): void {
  const {
    path,
    tag = path,
    steps,
    proof,
    refine,
    verify,
    summaries,
    guest,
    unlink,
    link,
    ...gate
  } = parameters
  const refined = <T extends z.ZodObject>(schema: T): T =>
    refine
      ? schema.refine((body) => refine.check(body as z.output<z.ZodObject<Fields>>), refine.message)
      : schema
  type Body = z.output<z.ZodObject<Fields>> & {
    mode?: z.output<typeof loginModeSchema>
    session_public_key?: JsonWebKey | undefined
  }

  steps?.((step) => addLoginStep(app, ctx, { ...step, ...gate }))

  addLoginStep(app, ctx, {
    ...gate,
    url: `/api/v1/${path}/authenticate`,
    guard: 'public',
    tags: [tag],
    summary: summaries.authenticate,
    body: refined(
      z.object({
        ...proof,
        ...(guest ? {} : { mode: loginModeSchema }),
        session_public_key: sessionPublicKeySchema.optional(),
      }),
    ),
    response: { 200: authenticatedUserSchema },
    async handle({ request, reply, app: satchelApp, body }) {
      // Validated against the schema above; the type provider cannot infer through a generic schema.
      const fields = body as Body
      const { account, owner, keep } = readProvedAccount(await verify(satchelApp, fields, request))
      const end = (beforeReply?: () => Promise<void>) =>
        completeLogin(ctx, request, reply, {
          app: satchelApp,
          method: gate.method,
          account,
          owner,
          mode: fields.mode ?? 'login-or-sign-up',
          sessionPublicKey: fields.session_public_key,
          ...(guest ? { isGuest: true } : {}),
          beforeReply,
        })
      return keep ? keep(end) : end()
    },
  })

  if (!unlink) return
  const verifyAsUser = (auth: Auth, body: unknown, request: FastifyRequest) =>
    verify(auth.app, body as z.output<z.ZodObject<Fields>>, request, auth)
  const proofBody = refined(z.object(proof))
  const common = {
    ...gate,
    path,
    tag,
    unlink: { summary: summaries.unlink ?? `Unlink (${gate.method})`, ...unlink },
  }
  const linkSummary = summaries.link ?? `Link (${gate.method})`
  const asUser = { body: proofBody, verify: verifyAsUser }
  if (!link) addAccountLinkRoutes(app, ctx, { ...common, link: { summary: linkSummary, ...asUser } })
  else
    addAccountLinkRoutes(app, ctx, {
      ...common,
      link: { summary: linkSummary, ...link },
      reauthenticate: { summary: summaries.reauthenticate ?? `Confirm it's you (${gate.method})`, ...asUser },
    })
}
