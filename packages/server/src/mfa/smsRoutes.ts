import { ApiError, maskPhone } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { readAuth } from '../identity/guards/readAuth'
import { normalizePhone } from '../identity/otp/codeSchemas'
import { type Auth, clientIp } from '../identity/requestContext'
import { rateLimitInOrder, rateLimits } from '../platform/http/rateLimit'
import { addMfaCodeRoutes } from './addMfaCodeRoutes'
import { getMfaMethod, type MfaMethod, savePendingMfaMethod } from './mfaMethods'

import { issueMfaSmsCode, verifyMfaSmsCode } from './smsCodes'

const security = [{ bearer: [] }]

const codeOwner = (auth: Auth) => ({ appId: auth.app.id, userId: auth.userId, sessionId: auth.sessionId })

/**
 * SMS as a second factor. `init` texts a code: to the enrolled number when there is one (to verify),
 * else to the `phone_number` given (to enrol it). `enroll` and `verify` take that code.
 */
export function smsMfaRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/mfa/passwordless_sms/init',
      {
        schema: {
          tags: ['mfa'],
          summary: 'Text an MFA code: to the enrolled number, or to phone_number to enrol it',
          security,
          // No body at all is fine (a verify code to the enrolled number): Fastify passes it as null.
          body: z.object({ phone_number: z.string().min(3).max(32).optional() }).nullish(),
          response: { 200: z.object({ success: z.literal(true) }) },
        },
        // Signed, no step-up: it also texts the code that passes SMS MFA. A new number only becomes
        // a factor through `enroll`, which is stepped up; here it is pending, and codes are rate limited.
        config: { guard: 'user+signed' },
      },
      async (request) => {
        const auth = readAuth(request)
        const typed = request.body?.phone_number
        const given = typed === undefined ? undefined : normalizePhone(typed)
        const existing = await getMfaMethod(ctx, auth.userId, 'sms')
        let phone: string
        let purpose: 'enroll' | 'verify'
        if (existing?.confirmed && existing.phone) {
          if (given !== undefined && given !== existing.phone) throw new ApiError('mfa_already_enrolled')
          phone = existing.phone
          purpose = 'verify'
        } else {
          if (given === undefined)
            throw new ApiError('invalid_data', { message: 'Invalid request data: phone_number' })
          phone = given
          purpose = 'enroll'
        }
        // Own keys, apart from login codes' (a flood of login inits for the number must not stop its
        // owner's MFA texts), narrowest first: a session over its allowance spends nothing wider.
        await rateLimitInOrder(ctx.kv, ctx.config.rateLimitScale, [
          [`mfa-sms:ip:${clientIp(request)}`, rateLimits.mfaSmsSendPerIp],
          [`mfa-sms:session:${auth.sessionId}`, rateLimits.mfaSmsSendPerSession],
          [`mfa-sms:phone:${auth.app.id}:${phone}`, rateLimits.mfaSmsSendPerPhone],
        ])
        if (purpose === 'enroll' && !(await savePendingMfaMethod(ctx, auth.userId, 'sms', { phone }))) {
          throw new ApiError('mfa_already_enrolled')
        }
        const code = await issueMfaSmsCode(ctx, codeOwner(auth), purpose, phone)
        const text = `${code} is your ${auth.app.name} verification code. It expires in 10 minutes. Never share it: ${auth.app.name} will never ask you for it.`
        await ctx.delivery.send({ channel: 'sms', to: phone, appId: auth.app.id, text })
        request.log.info({ to: maskPhone(phone), purpose }, 'MFA code sent')
        return { success: true as const }
      },
    )

    // Adding a factor is an MFA change (see the TOTP routes).
    addMfaCodeRoutes(app, ctx, {
      type: 'sms',
      path: 'passwordless_sms',
      summaries: {
        enroll: 'Finish SMS MFA enrolment with the code texted to the new number',
        verify: 'Pass SMS MFA: answers an MFA token for sensitive actions, valid 15 minutes for this session',
        unenroll: 'Remove SMS MFA (signed, with a fresh MFA token in satchel-mfa-token)',
      },
      ready: (method): method is MfaMethod => !!method?.phone,
      startWith: 'Start SMS enrolment with /api/v1/mfa/passwordless_sms/init first',
      check: (auth, method, purpose, code) =>
        verifyMfaSmsCode(ctx, codeOwner(auth), purpose, method.phone ?? '', code),
    })
  }
}
