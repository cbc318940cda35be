import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readAuth } from '../../identity/guards/readAuth'
import { addLoginStep } from '../../identity/users/addLoginStep'
import { LINKED_ACCOUNT_LIMITS } from '../../identity/users/linkAccount'
import {
  confirmMfaMethod,
  deleteMfaMethod,
  getMfaMethod,
  listMfaMethods,
  type MfaMethod,
} from '../../mfa/mfaMethods'
import { recordMfaVerification } from '../../mfa/recordMfaVerification'
import { mfaMethodsAnswerSchema, mfaTokenAnswerSchema, notEnrolled } from '../../mfa/schemas'
import { rateLimits } from '../../platform/http/rateLimit'
import { createAuthenticationOptions } from './createPasskeyOptions'
import { listPasskeyCredentials } from './passkeyCredentials'
import { assertPasskeysAllowed, getRelyingParty } from './relyingParty'
import {
  authenticationResponseSchema,
  credentialIdParameterSchema,
  requestOptionsAnswerSchema,
} from './schemas'
import { verifyPasskeyAssertion } from './verifyPasskeyAssertion'

const security = [{ bearer: [] }]
const detailsSchema = z.object({ credential_ids: z.array(z.string()) })

/**
 * The credential ids a passkey MFA row accepts (`details.credential_ids`, public data).
 *
 * @example
 * const ids = mfaCredentialIds(await getMfaMethod(ctx, userId, 'passkey'))
 */
export function mfaCredentialIds(method: MfaMethod | undefined): string[] {
  const parsed = detailsSchema.safeParse(method?.details)
  return parsed.success ? parsed.data.credential_ids : []
}

/**
 * A passkey as a second factor. Enrolment is opting in with passkeys the user already has (no new
 * ceremony: holding one is what the factor proves); verification is an assertion by one of those
 * passkeys, answered with the MFA token of `recordMfaVerification`.
 */
export function passkeyMfaRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    // A second factor is proved as a way in is: passkeys on for the app, a rate limit, the assertion.
    const gate = { method: 'passkey', disallowed: 'passkey_not_allowed', guard: 'user' } as const
    addLoginStep(app, ctx, {
      ...gate,
      limit: { key: 'passkey-init-ip', rule: rateLimits.passkeyChallengePerIp },
      url: '/api/v1/mfa/passkeys/init',
      tags: ['mfa', 'passkeys'],
      summary: "Options to pass passkey MFA: an assertion by one of the user's enrolled passkeys",
      response: { 200: requestOptionsAnswerSchema },
      async handle({ request }) {
        const auth = readAuth(request)
        const rp = getRelyingParty(request, auth.app)
        const enrolled = mfaCredentialIds(await readEnrolled(ctx, auth.userId))
        const usable = (await listPasskeyCredentials(ctx, auth.app.id, auth.userId)).filter((c) =>
          enrolled.includes(c.credentialId),
        )
        if (usable.length === 0) throw notEnrolled()
        return createAuthenticationOptions(ctx, {
          app: auth.app,
          rp,
          ceremony: 'mfa',
          allowCredentials: usable,
          userId: auth.userId,
          sessionId: auth.sessionId,
        })
      },
    })

    addLoginStep(app, ctx, {
      ...gate,
      url: '/api/v1/mfa/passkeys/verify',
      tags: ['mfa', 'passkeys'],
      summary:
        'Pass passkey MFA: answers an MFA token for sensitive actions, valid 15 minutes for this session',
      body: z.object({ authenticator_response: authenticationResponseSchema }),
      response: { 200: mfaTokenAnswerSchema },
      async handle({ request, body }) {
        const auth = readAuth(request)
        const rp = getRelyingParty(request, auth.app)
        const method = await readEnrolled(ctx, auth.userId)
        await verifyPasskeyAssertion(ctx, request, {
          app: auth.app,
          rp,
          response: body.authenticator_response,
          ceremony: 'mfa',
          userId: auth.userId,
          sessionId: auth.sessionId,
          allowedCredentialIds: mfaCredentialIds(method),
        })
        return { token: await recordMfaVerification(ctx, auth, 'passkey') }
      },
    })

    app.post(
      '/api/v1/mfa/passkeys/enroll',
      {
        schema: {
          tags: ['mfa', 'passkeys'],
          summary:
            "Use some of the user's passkeys as a second factor (replaces the list; needs a fresh MFA token when the user already has MFA)",
          security,
          body: z.object({
            credential_ids: z
              .array(credentialIdParameterSchema)
              .min(1)
              .max(LINKED_ACCOUNT_LIMITS.passkey ?? 5),
          }),
          response: { 200: mfaMethodsAnswerSchema },
        },
        // Changing the factors is an MFA change: with a stolen session alone it must not be possible.
        config: { guard: 'user+signed+stepup' },
      },
      async (request) => {
        const auth = readAuth(request)
        assertPasskeysAllowed(auth.app)
        const owned = new Set(
          (await listPasskeyCredentials(ctx, auth.app.id, auth.userId)).map((c) => c.credentialId),
        )
        const ids = [...new Set(request.body.credential_ids)]
        if (!ids.every((id) => owned.has(id)))
          throw new ApiError('invalid_data', { message: 'Only passkeys linked to this user can be enrolled' })
        await confirmMfaMethod(ctx, auth.userId, 'passkey', { details: { credential_ids: ids } })
        return { mfa_methods: await listMfaMethods(ctx, auth.userId) }
      },
    )

    app.post(
      '/api/v1/mfa/passkeys/unenroll',
      {
        schema: {
          tags: ['mfa', 'passkeys'],
          summary:
            'Stop using passkeys as a second factor (signed, with a fresh MFA token in satchel-mfa-token)',
          security,
          response: { 200: mfaMethodsAnswerSchema },
        },
        config: { guard: 'user+signed+stepup' },
      },
      async (request) => {
        const auth = readAuth(request)
        if (!(await deleteMfaMethod(ctx, auth.userId, 'passkey'))) throw notEnrolled()
        return { mfa_methods: await listMfaMethods(ctx, auth.userId) }
      },
    )
  }
}

async function readEnrolled(ctx: ServerContext, userId: string): Promise<MfaMethod> {
  const method = await getMfaMethod(ctx, userId, 'passkey')
  if (!method?.confirmed) throw notEnrolled()
  return method
}
