import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readApp } from '../../identity/guards/readApp'
import { readAuth } from '../../identity/guards/readAuth'
import { clientIp } from '../../identity/requestContext'
import { completeLogin } from '../../identity/sessions/completeLogin'
import {
  authenticatedUserSchema,
  loginModeSchema,
  sessionPublicKeySchema,
  userJsonSchema,
} from '../../identity/sessions/schemas'
import { linkAccount, unlinkAccount } from '../../identity/users/linkAccount'
import { toUserJson } from '../../identity/users/usersRepository'
import { confirmMfaMethod, deleteMfaMethod, getMfaMethod } from '../../mfa/mfaMethods'
import { rateLimit, rateLimits } from '../../platform/http/rateLimit'
import { createAuthenticationOptions, createRegistrationOptions } from './createPasskeyOptions'
import { mfaCredentialIds, passkeyMfaRoutes } from './mfaRoutes'
import { deletePasskeyCredential, listPasskeyCredentials, savePasskeyCredential } from './passkeyCredentials'
import { passkeyReauthenticateRoutes } from './reauthenticateRoutes'
import { assertPasskeysAllowed, getRelyingParty } from './relyingParty'
import {
  authenticationResponseSchema,
  creationOptionsAnswerSchema,
  credentialIdParameterSchema,
  registrationResponseSchema,
  requestOptionsAnswerSchema,
} from './schemas'
import { toPasskeyAccount } from './toPasskeyAccount'
import { verifyPasskeyAssertion } from './verifyPasskeyAssertion'
import { verifyPasskeyRegistration } from './verifyPasskeyRegistration'

const modeSchema = z.enum(['login-or-sign-up', 'no-signup'])
/** What the passkey manager lists the account as, when the user has no email or phone to show. */
const displayNameSchema = z.string().trim().min(1).max(64)
const security = [{ bearer: [] }]

/**
 * Passkeys (WebAuthn): sign up and sign in with one, link one to the signed-in user, unlink it, and
 * passkeys as a second factor (`/api/v1/mfa/passkeys/...`, in mfaRoutes.ts). Every ceremony is bound
 * to the request's Origin (an allowed origin of the app) and its hostname as the rpID, and to a
 * single-use challenge that expires in 5 minutes.
 */
export function passkeyRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    const challengeLimit = (ip: string) =>
      rateLimit(ctx.kv, ctx.config.rateLimitScale, [
        [`passkey-init-ip:${ip}`, rateLimits.passkeyChallengePerIp],
      ])
    const loginLimit = (ip: string) =>
      rateLimit(ctx.kv, ctx.config.rateLimitScale, [[`login-ip:${ip}`, rateLimits.loginPerIp]])

    app.post(
      '/api/v1/passkeys/register/init',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['passkeys'],
          summary: 'Options to create a passkey for a new user (sign-up with a passkey)',
          body: z
            .object({ mode: modeSchema.optional(), display_name: displayNameSchema.optional() })
            .optional(),
          response: { 200: creationOptionsAnswerSchema },
        },
      },
      async (request) => {
        const satchelApp = readApp(request)
        assertPasskeysAllowed(satchelApp)
        const rp = getRelyingParty(request, satchelApp)
        await challengeLimit(clientIp(request))
        return createRegistrationOptions(ctx, {
          app: satchelApp,
          rp,
          ceremony: 'register',
          userName: request.body?.display_name ?? `${satchelApp.name} account`,
          ...(request.body?.mode ? { mode: request.body.mode } : {}),
        })
      },
    )

    app.post(
      '/api/v1/passkeys/register',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['passkeys'],
          summary: 'Sign up with a new passkey (the answer of navigator.credentials.create())',
          body: z.object({
            authenticator_response: registrationResponseSchema,
            mode: modeSchema.optional(),
            session_public_key: sessionPublicKeySchema.optional(),
          }),
          response: { 200: authenticatedUserSchema },
        },
      },
      async (request, reply) => {
        const satchelApp = readApp(request)
        await loginLimit(clientIp(request))
        assertPasskeysAllowed(satchelApp)
        const rp = getRelyingParty(request, satchelApp)
        const { credential, record } = await verifyPasskeyRegistration(ctx, request, {
          app: satchelApp,
          rp,
          response: request.body.authenticator_response,
          ceremony: 'register',
        })
        const account = toPasskeyAccount(credential, request.headers['user-agent'])
        return savePasskeyCredential(ctx, satchelApp.id, credential, (tie) =>
          completeLogin(ctx, request, reply, {
            app: satchelApp,
            method: 'passkey',
            account,
            mode: request.body.mode ?? record.mode ?? 'login-or-sign-up',
            sessionPublicKey: request.body.session_public_key,
            beforeReply: tie,
          }),
        )
      },
    )

    app.post(
      '/api/v1/passkeys/link/init',
      {
        schema: {
          tags: ['passkeys', 'linking'],
          summary: 'Options to create a passkey for the signed-in user',
          security,
          body: z.object({ display_name: displayNameSchema.optional() }).optional(),
          response: { 200: creationOptionsAnswerSchema },
        },
        // Stepped up before the ceremony, not only at its end: the person is asked for their second
        // factor before their authenticator makes a passkey that could then not be linked.
        config: { guard: 'user+signed+stepup' },
      },
      async (request) => {
        const auth = readAuth(request)
        assertPasskeysAllowed(auth.app)
        const rp = getRelyingParty(request, auth.app)
        await challengeLimit(clientIp(request))
        const user = await ctx.users.requireUser(auth.userId)
        const label =
          user.linkedAccounts.find((a) => a.type === 'email')?.subject ??
          user.linkedAccounts.find((a) => a.type === 'phone')?.subject
        return createRegistrationOptions(ctx, {
          app: auth.app,
          rp,
          ceremony: 'link',
          userName: label ?? request.body?.display_name ?? `${auth.app.name} account`,
          excludeCredentials: await listPasskeyCredentials(ctx, auth.app.id, auth.userId),
          userId: auth.userId,
          sessionId: auth.sessionId,
        })
      },
    )

    app.post(
      '/api/v1/passkeys/link',
      {
        schema: {
          tags: ['passkeys', 'linking'],
          summary: 'Link a new passkey to the signed-in user',
          security,
          body: z.object({ authenticator_response: registrationResponseSchema }),
          response: { 200: userJsonSchema },
        },
        // A new way in: signed, with a fresh second factor when the user has one.
        config: { guard: 'user+signed+stepup' },
      },
      async (request) => {
        const auth = readAuth(request)
        await loginLimit(clientIp(request))
        assertPasskeysAllowed(auth.app)
        const rp = getRelyingParty(request, auth.app)
        const { credential } = await verifyPasskeyRegistration(ctx, request, {
          app: auth.app,
          rp,
          response: request.body.authenticator_response,
          ceremony: 'link',
          userId: auth.userId,
          sessionId: auth.sessionId,
        })
        const owner = await ctx.users.findUserIdByAccount(auth.app.id, 'passkey', credential.credentialId)
        // Already this user's: nothing to do (and the stored key is never replaced by a new claim).
        if (owner === auth.userId) return toUserJson(await ctx.users.requireUser(auth.userId))
        const account = toPasskeyAccount(credential, request.headers['user-agent'])
        const user = await savePasskeyCredential(ctx, auth.app.id, credential, () =>
          linkAccount(ctx, auth, account, 'passkey'),
        )
        return toUserJson(user)
      },
    )

    app.post(
      '/api/v1/passkeys/authenticate/init',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['passkeys'],
          summary: 'Options to sign in with a passkey (discoverable: no credential list, no username)',
          body: z.object({ mode: modeSchema.optional() }).optional(),
          response: { 200: requestOptionsAnswerSchema },
        },
      },
      async (request) => {
        const satchelApp = readApp(request)
        assertPasskeysAllowed(satchelApp)
        const rp = getRelyingParty(request, satchelApp)
        await challengeLimit(clientIp(request))
        return createAuthenticationOptions(ctx, { app: satchelApp, rp, ceremony: 'authenticate' })
      },
    )

    app.post(
      '/api/v1/passkeys/authenticate',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['passkeys'],
          summary: 'Sign in with a passkey (the answer of navigator.credentials.get())',
          body: z.object({
            authenticator_response: authenticationResponseSchema,
            mode: loginModeSchema,
            session_public_key: sessionPublicKeySchema.optional(),
          }),
          response: { 200: authenticatedUserSchema },
        },
      },
      async (request, reply) => {
        const satchelApp = readApp(request)
        await loginLimit(clientIp(request))
        assertPasskeysAllowed(satchelApp)
        const rp = getRelyingParty(request, satchelApp)
        const { credential } = await verifyPasskeyAssertion(ctx, request, {
          app: satchelApp,
          rp,
          response: request.body.authenticator_response,
          ceremony: 'authenticate',
        })
        return completeLogin(ctx, request, reply, {
          app: satchelApp,
          method: 'passkey',
          account: {
            type: 'passkey',
            subject: credential.credentialId,
            details: { backed_up: credential.backedUp },
          },
          mode: request.body.mode,
          sessionPublicKey: request.body.session_public_key,
        })
      },
    )

    app.post(
      '/api/v1/passkeys/unlink',
      {
        schema: {
          tags: ['passkeys', 'linking'],
          summary:
            'Unlink a passkey from the signed-in user (signed; a fresh MFA token when enrolled, else a recent login)',
          security,
          body: z.object({ credential_id: credentialIdParameterSchema }),
          response: { 200: userJsonSchema },
        },
        // Removing a way in (and maybe a second factor) is how an account is taken over: stepped up,
        // and without MFA only within 5 minutes of proving a login method.
        config: { guard: 'user+signed+stepup', freshLogin: true },
      },
      async (request) => {
        const auth = readAuth(request)
        const credentialId = request.body.credential_id
        const mfa = await getMfaMethod(ctx, auth.userId, 'passkey')
        const mfaIds = mfa?.confirmed ? mfaCredentialIds(mfa) : []
        await unlinkAccount(ctx, auth, 'passkey', credentialId)
        await deletePasskeyCredential(ctx, auth.app.id, credentialId)
        if (mfaIds.includes(credentialId)) {
          const remaining = mfaIds.filter((id) => id !== credentialId)
          // With none of its passkeys left the factor could never be passed again: it goes too.
          if (remaining.length > 0)
            await confirmMfaMethod(ctx, auth.userId, 'passkey', { details: { credential_ids: remaining } })
          else await deleteMfaMethod(ctx, auth.userId, 'passkey')
        }
        return toUserJson(await ctx.users.requireUser(auth.userId))
      },
    )

    await app.register(passkeyMfaRoutes(ctx))
    await app.register(passkeyReauthenticateRoutes(ctx))
  }
}
