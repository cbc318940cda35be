import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readAuth } from '../../identity/guards/readAuth'
import { completeLogin } from '../../identity/sessions/completeLogin'
import { authenticatedUserSchema, sessionPublicKeySchema } from '../../identity/sessions/schemas'
import type { AddStep } from '../../identity/users/addLoginRoutes'
import { rateLimits } from '../../platform/http/rateLimit'
import { createAuthenticationOptions, createRegistrationOptions } from './createPasskeyOptions'
import { listPasskeyCredentials, savePasskeyCredential } from './passkeyCredentials'
import { getRelyingParty } from './relyingParty'
import {
  creationOptionsAnswerSchema,
  registrationResponseSchema,
  requestOptionsAnswerSchema,
} from './schemas'
import { toPasskeyAccount } from './toPasskeyAccount'
import { verifyPasskeyRegistration } from './verifyPasskeyRegistration'

/** What the passkey manager lists the account as, when the user has no email or phone to show. */
/** Without a default: a sign-up with none takes the mode its options were asked with. */
const modeSchema = z.enum(['login-or-sign-up', 'no-signup'])
const displayNameSchema = z.string().trim().min(1).max(64)
/** Each ceremony's options store a challenge for 5 minutes: bounded per client by their own limit. */
const challengeLimit = { key: 'passkey-init-ip', rule: rateLimits.passkeyChallengePerIp }

/**
 * The passkey steps before a proof, in the order a person meets them: the options of each ceremony
 * (sign up, link, sign in, confirm it's you), and signing up with a new passkey, which answers a
 * session as `authenticate` does but proves a registration, not an assertion.
 *
 * @example
 * addLoginRoutes(app, ctx, { path: 'passkeys', method: 'passkey', steps: (add) => addPasskeySteps(add, ctx), ... })
 */
export function addPasskeySteps(add: AddStep, ctx: ServerContext): void {
  add({
    limit: challengeLimit,
    url: '/api/v1/passkeys/register/init',
    guard: 'public',
    tags: ['passkeys'],
    summary: 'Options to create a passkey for a new user (sign-up with a passkey)',
    body: z.object({ mode: modeSchema.optional(), display_name: displayNameSchema.optional() }).optional(),
    response: { 200: creationOptionsAnswerSchema },
    handle: ({ request, app, body }) =>
      createRegistrationOptions(ctx, {
        app,
        rp: getRelyingParty(request, app),
        ceremony: 'register',
        userName: body?.display_name ?? `${app.name} account`,
        ...(body?.mode ? { mode: body.mode } : {}),
      }),
  })

  add({
    url: '/api/v1/passkeys/register',
    guard: 'public',
    tags: ['passkeys'],
    summary: 'Sign up with a new passkey (the answer of navigator.credentials.create())',
    body: z.object({
      authenticator_response: registrationResponseSchema,
      mode: modeSchema.optional(),
      session_public_key: sessionPublicKeySchema.optional(),
    }),
    response: { 200: authenticatedUserSchema },
    async handle({ request, reply, app, body }) {
      const { credential, record } = await verifyPasskeyRegistration(ctx, request, {
        app,
        rp: getRelyingParty(request, app),
        response: body.authenticator_response,
        ceremony: 'register',
      })
      const account = toPasskeyAccount(credential, request.headers['user-agent'])
      return savePasskeyCredential(ctx, app.id, credential, (tie) =>
        completeLogin(ctx, request, reply, {
          app,
          method: 'passkey',
          account,
          mode: body.mode ?? record.mode ?? 'login-or-sign-up',
          sessionPublicKey: body.session_public_key,
          beforeReply: tie,
        }),
      )
    },
  })

  add({
    limit: challengeLimit,
    url: '/api/v1/passkeys/link/init',
    // Stepped up before the ceremony, not only at its end: the person is asked for their second
    // factor before their authenticator makes a passkey that could then not be linked.
    guard: 'user+signed+stepup',
    tags: ['passkeys', 'linking'],
    summary: 'Options to create a passkey for the signed-in user',
    body: z.object({ display_name: displayNameSchema.optional() }).optional(),
    response: { 200: creationOptionsAnswerSchema },
    async handle({ request, app, body }) {
      const auth = readAuth(request)
      const user = await ctx.users.requireUser(auth.userId)
      const label =
        user.linkedAccounts.find((a) => a.type === 'email')?.subject ??
        user.linkedAccounts.find((a) => a.type === 'phone')?.subject
      return createRegistrationOptions(ctx, {
        app,
        rp: getRelyingParty(request, app),
        ceremony: 'link',
        userName: label ?? body?.display_name ?? `${app.name} account`,
        excludeCredentials: await listPasskeyCredentials(ctx, app.id, auth.userId),
        userId: auth.userId,
        sessionId: auth.sessionId,
      })
    },
  })

  add({
    limit: challengeLimit,
    url: '/api/v1/passkeys/authenticate/init',
    guard: 'public',
    tags: ['passkeys'],
    summary: 'Options to sign in with a passkey (discoverable: no credential list, no username)',
    body: z.object({ mode: modeSchema.optional() }).optional(),
    response: { 200: requestOptionsAnswerSchema },
    handle: ({ request, app }) =>
      createAuthenticationOptions(ctx, { app, rp: getRelyingParty(request, app), ceremony: 'authenticate' }),
  })

  add({
    limit: challengeLimit,
    url: '/api/v1/passkeys/reauthenticate/init',
    // A stolen access token alone cannot even start one.
    guard: 'user+signed',
    tags: ['passkeys', 'sessions'],
    summary: "Options to confirm it's you with one of your passkeys",
    response: { 200: requestOptionsAnswerSchema },
    async handle({ request, app }) {
      const auth = readAuth(request)
      return createAuthenticationOptions(ctx, {
        app,
        rp: getRelyingParty(request, app),
        ceremony: 'reauthenticate',
        allowCredentials: await listPasskeyCredentials(ctx, app.id, auth.userId),
        userId: auth.userId,
        sessionId: auth.sessionId,
      })
    },
  })
}
