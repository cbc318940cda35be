import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../context'
import { readAuth } from '../guards/readAuth'
import type { Auth } from '../requestContext'
import { completeReauthentication } from '../sessions/completeReauthentication'
import { userJsonSchema } from '../sessions/schemas'
import { addLoginStep } from './addLoginStep'
import { linkAccount, unlinkAccount } from './linkAccount'
import type { LoginGate } from './proveLoginMethod'
import { type LinkedAccountInput, toUserJson, type User } from './usersRepository'

type App = Parameters<FastifyPluginAsyncZod>[0]

/**
 * A proved account, or the account with more:
 * - `owner`: the account's user, read in the statement that checked the proof (null: nobody's yet),
 *   so a sign-in does not read it again;
 * - `keep`, when the account is not complete without more (a passkey's credential row): it runs the
 *   end (the sign-in or the link) inside that work, which `tie`s itself to the account before the end
 *   answers.
 */
export type ProvedAccount = LinkedAccountInput | ProvedAccountWith

type ProvedAccountWith = {
  account: LinkedAccountInput
  owner?: User | null
  keep?<T>(end: (tie: () => Promise<void>) => Promise<T>): Promise<T>
}

/** A proved account in its full form, whichever form `verify` answered. */
export function readProvedAccount(proved: ProvedAccount): ProvedAccountWith {
  return 'account' in proved ? proved : { account: proved }
}

type Proof<Body extends z.ZodType> = {
  body: Body
  /** Checks the proof the body carries (a code, a signature, a callback) and names its account. */
  verify(auth: Auth, body: z.output<Body>, request: FastifyRequest): Promise<ProvedAccount>
}

export type AccountLinkRoutesParameters<
  LinkBody extends z.ZodType,
  UnlinkBody extends z.ZodType,
  ReauthenticateBody extends z.ZodType,
> = Omit<LoginGate, 'limit'> & {
  /** The path segment: `siwe` serves `/api/v1/siwe/link`, `/unlink` and `/reauthenticate`. */
  path: string
  /** The OpenAPI tag besides `linking`; the path segment when not given. */
  tag?: string
  link: Proof<LinkBody> & { summary: string }
  unlink: {
    summary: string
    body: UnlinkBody
    /** The linked account the body names. */
    account(body: z.output<UnlinkBody>): { type: string; subject: string }
    /** What goes with the account once it is unlinked (a passkey's credential, its place as a second factor). */
    after?(auth: Auth, account: { type: string; subject: string }): Promise<void>
  }
  /** "Confirm it's you" with another proof than a link's (a passkey asserts, its link registers). */
  reauthenticate?: Proof<ReauthenticateBody> & { summary: string }
}

/**
 * Adds a login method's linking routes for the signed-in user:
 * - `link` (`user+signed+stepup`): the gate every way in shares (the app allowing the method, the
 *   per-IP login rate limit, then the proof: `proveLoginMethod`), then the linking rules of
 *   {@link linkAccount};
 * - `unlink` (`user+signed+stepup`, with a login proved in the last 5 minutes when the user has no
 *   MFA): the rules of {@link unlinkAccount};
 * - `reauthenticate` (`user+signed`): the same proof as a link (unless given its own), of an account
 *   the user already holds, recorded as this session's "Confirm it's you" (`completeReauthentication`).
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
export function addAccountLinkRoutes<
  LinkBody extends z.ZodType,
  UnlinkBody extends z.ZodType,
  ReauthenticateBody extends z.ZodType = LinkBody,
>(
  app: App,
  ctx: ServerContext,
  {
    path,
    tag = path,
    link,
    unlink,
    reauthenticate,
    ...gate
  }: AccountLinkRoutesParameters<LinkBody, UnlinkBody, ReauthenticateBody>,
): void {
  addLoginStep(app, ctx, {
    ...gate,
    url: `/api/v1/${path}/link`,
    guard: 'user+signed+stepup',
    tags: [tag, 'linking'],
    summary: link.summary,
    body: link.body,
    response: { 200: userJsonSchema },
    async handle({ request, body }) {
      const signedIn = readAuth(request)
      const { account, keep } = readProvedAccount(await link.verify(signedIn, body, request))
      const end = () => linkAccount(ctx, signedIn, account, gate.method)
      const user: User = keep ? await keep(end) : await end()
      return toUserJson(user)
    },
  })

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
      const account = unlink.account(request.body as z.output<UnlinkBody>)
      const user = await unlinkAccount(ctx, auth, account.type, account.subject)
      if (!unlink.after) return toUserJson(user)
      await unlink.after(auth, account)
      // What went with the account (a second factor) shows in the answer.
      return toUserJson(await ctx.users.requireUser(auth.userId))
    },
  )

  const addReauthenticate = <Body extends z.ZodType>(proof: Proof<Body> & { summary: string }) =>
    addLoginStep(app, ctx, {
      ...gate,
      url: `/api/v1/${path}/reauthenticate`,
      guard: 'user+signed',
      tags: [tag, 'sessions'],
      summary: `${proof.summary}: for 5 minutes this session may export, unlink and set a first recovery lock`,
      body: proof.body,
      response: { 200: z.object({ reauthenticated_at: z.number() }) },
      async handle({ request, body }) {
        const signedIn = readAuth(request)
        const { account } = readProvedAccount(await proof.verify(signedIn, body, request))
        return completeReauthentication(ctx, signedIn, { method: gate.method, account })
      },
    })
  if (reauthenticate) addReauthenticate(reauthenticate)
  else addReauthenticate({ ...link, summary: `Confirm it's you (${gate.method})` })
}
