import { ApiError, maskPhone } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { readAuth } from '../identity/guards/readAuth'
import { normalizePhone } from '../identity/otp/codeSchemas'
import { type Auth, clientIp } from '../identity/requestContext'
import { rateLimitInOrder, rateLimits } from '../platform/http/rateLimit'
import {
  confirmMfaMethod,
  deleteMfaMethod,
  getMfaMethod,
  listMfaMethods,
  savePendingMfaMethod,
} from './mfaMethods'
import { recordMfaVerification } from './recordMfaVerification'
import { mfaCodeSchema, mfaMethodsAnswerSchema, mfaTokenAnswerSchema, notEnrolled } from './schemas'
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

    app.post(
      '/api/v1/mfa/passwordless_sms/enroll',
      {
        schema: {
          tags: ['mfa'],
          summary: 'Finish SMS MFA enrolment with the code texted to the new number',
          security,
          body: z.object({ code: mfaCodeSchema }),
          response: { 200: mfaMethodsAnswerSchema },
        },
        // Adding a factor is an MFA change (see the TOTP routes).
        config: { guard: 'user+signed+stepup' },
      },
      async (request) => {
        const auth = readAuth(request)
        const method = await getMfaMethod(ctx, auth.userId, 'sms')
        if (method?.confirmed) throw new ApiError('mfa_already_enrolled')
        if (!method?.phone)
          throw new ApiError('invalid_data', {
            message: 'Start SMS enrolment with /api/v1/mfa/passwordless_sms/init first',
          })
        await verifyMfaSmsCode(ctx, codeOwner(auth), 'enroll', method.phone, request.body.code)
        await confirmMfaMethod(ctx, auth.userId, 'sms')
        return { mfa_methods: await listMfaMethods(ctx, auth.userId) }
      },
    )

    app.post(
      '/api/v1/mfa/passwordless_sms/verify',
      {
        schema: {
          tags: ['mfa'],
          summary:
            'Pass SMS MFA: answers an MFA token for sensitive actions, valid 15 minutes for this session',
          security,
          body: z.object({ code: mfaCodeSchema }),
          response: { 200: mfaTokenAnswerSchema },
        },
        config: { guard: 'user' },
      },
      async (request) => {
        const auth = readAuth(request)
        const method = await getMfaMethod(ctx, auth.userId, 'sms')
        if (!method?.confirmed || !method.phone) throw notEnrolled()
        await verifyMfaSmsCode(ctx, codeOwner(auth), 'verify', method.phone, request.body.code)
        return { token: await recordMfaVerification(ctx, auth, 'sms') }
      },
    )

    app.post(
      '/api/v1/mfa/passwordless_sms/unenroll',
      {
        schema: {
          tags: ['mfa'],
          summary: 'Remove SMS MFA (signed, with a fresh MFA token in satchel-mfa-token)',
          security,
          response: { 200: mfaMethodsAnswerSchema },
        },
        config: { guard: 'user+signed+stepup' },
      },
      async (request) => {
        const auth = readAuth(request)
        if (!(await deleteMfaMethod(ctx, auth.userId, 'sms'))) throw notEnrolled()
        return { mfa_methods: await listMfaMethods(ctx, auth.userId) }
      },
    )
  }
}
