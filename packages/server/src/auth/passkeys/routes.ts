import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { addLoginRoutes } from '../../identity/users/addLoginRoutes'
import { confirmMfaMethod, deleteMfaMethod, getMfaMethod } from '../../mfa/mfaMethods'
import { addPasskeySteps } from './addPasskeySteps'
import { mfaCredentialIds, passkeyMfaRoutes } from './mfaRoutes'
import { deletePasskeyCredential, savePasskeyCredential } from './passkeyCredentials'
import { getRelyingParty } from './relyingParty'
import {
  authenticationResponseSchema,
  credentialIdParameterSchema,
  registrationResponseSchema,
} from './schemas'
import { toPasskeyAccount } from './toPasskeyAccount'
import { verifyPasskeyAssertion } from './verifyPasskeyAssertion'
import { verifyPasskeyRegistration } from './verifyPasskeyRegistration'

/**
 * Passkeys (WebAuthn): sign up and sign in with one, link one to the signed-in user, unlink it,
 * confirm it's you with one, and passkeys as a second factor (`/api/v1/mfa/passkeys/...`, in
 * mfaRoutes.ts). Every ceremony is bound to the request's Origin (an allowed origin of the app) and
 * its hostname as the rpID, and to a single-use challenge that expires in 5 minutes. An app with
 * passkeys off answers `passkey_not_allowed` on every route that checks a proof or hands out a
 * challenge.
 */
export function passkeyRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    addLoginRoutes(app, ctx, {
      path: 'passkeys',
      method: 'passkey',
      disallowed: 'passkey_not_allowed',
      steps: (add) => addPasskeySteps(add, ctx),
      // Signing in and "Confirm it's you" assert a passkey the user holds; linking registers a new one.
      proof: { authenticator_response: authenticationResponseSchema },
      async verify(satchelApp, body, request, auth) {
        const { credential } = await verifyPasskeyAssertion(ctx, request, {
          app: satchelApp,
          rp: getRelyingParty(request, satchelApp),
          response: body.authenticator_response,
          ...(auth
            ? { ceremony: 'reauthenticate', userId: auth.userId, sessionId: auth.sessionId }
            : { ceremony: 'authenticate' }),
        })
        return {
          type: 'passkey',
          subject: credential.credentialId,
          details: { backed_up: credential.backedUp },
        }
      },
      link: {
        body: z.object({ authenticator_response: registrationResponseSchema }),
        async verify(auth, body, request) {
          const { credential } = await verifyPasskeyRegistration(ctx, request, {
            app: auth.app,
            rp: getRelyingParty(request, auth.app),
            response: body.authenticator_response,
            ceremony: 'link',
            userId: auth.userId,
            sessionId: auth.sessionId,
          })
          const account = toPasskeyAccount(credential, request.headers['user-agent'])
          const owner = await ctx.users.findUserIdByAccount(auth.app.id, 'passkey', credential.credentialId)
          // Already this user's: nothing to store (and the stored key is never replaced by a new claim).
          if (owner === auth.userId) return account
          return { account, keep: (end) => savePasskeyCredential(ctx, auth.app.id, credential, end) }
        },
      },
      summaries: {
        authenticate: 'Sign in with a passkey (the answer of navigator.credentials.get())',
        link: 'Link a new passkey to the signed-in user',
        unlink:
          'Unlink a passkey from the signed-in user (signed; a fresh MFA token when enrolled, else a recent login)',
        reauthenticate: "Confirm it's you with a passkey",
      },
      // Removing a way in (and maybe a second factor) is how an account is taken over: stepped up, and
      // without MFA only within 5 minutes of proving a login method.
      unlink: {
        body: z.object({ credential_id: credentialIdParameterSchema }),
        account: (body) => ({ type: 'passkey', subject: body.credential_id }),
        async after(auth, { subject: credentialId }) {
          await deletePasskeyCredential(ctx, auth.app.id, credentialId)
          const mfa = await getMfaMethod(ctx, auth.userId, 'passkey')
          const mfaIds = mfa?.confirmed ? mfaCredentialIds(mfa) : []
          if (!mfaIds.includes(credentialId)) return
          const remaining = mfaIds.filter((id) => id !== credentialId)
          // With none of its passkeys left the factor could never be passed again: it goes too.
          if (remaining.length > 0)
            await confirmMfaMethod(ctx, auth.userId, 'passkey', { details: { credential_ids: remaining } })
          else await deleteMfaMethod(ctx, auth.userId, 'passkey')
        },
      },
    })

    await app.register(passkeyMfaRoutes(ctx))
  }
}
