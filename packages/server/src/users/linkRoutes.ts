import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { verifyOtp } from '../auth/passwordless/createOtp'
import { normalizePhone } from '../auth/passwordless/routes'
import type { ServerContext } from '../context'
import { rateLimit, rateLimits } from '../http/rateLimit'
import { clientIp, requireAuth } from '../http/requestContext'
import { userJsonSchema } from '../sessions/schemas'
import { linkAccount, unlinkAccount } from './linkAccount'
import { toUserJson } from './usersRepository'

const codeSchema = z.string().regex(/^\d{6}$/, 'a 6-digit code')
const emailSchema = z
  .email()
  .max(254)
  .transform((e) => e.trim().toLowerCase())
const phoneSchema = z.string().min(3).max(32)

/**
 * Linking and unlinking an email address or a phone number to the signed-in user. The code comes
 * from the same `init` routes as login (`/passwordless/init`, `/passwordless_sms/init`); linking
 * proves the address with it exactly as a login would, then applies the linking rules.
 */
export function linkRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/passwordless/link',
      {
        schema: {
          tags: ['passwordless', 'linking'],
          summary: 'Link an email address to the signed-in user with the code sent to it',
          security: [{ bearer: [] }],
          body: z.object({ email: emailSchema, code: codeSchema }),
          response: { 200: userJsonSchema },
        },
      },
      async (request) => {
        const auth = await requireAuth(ctx, request)
        await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
          [`login-ip:${clientIp(request)}`, rateLimits.loginPerIp],
        ])
        const { email, code } = request.body
        // Checked before the code, so an app with email off answers why rather than "wrong code".
        if (!auth.app.loginMethods.includes('email')) throw new ApiError('disallowed_login_method')
        await verifyOtp(ctx, auth.app.id, 'email', email, code)
        const account = { type: 'email', subject: email, details: { address: email } }
        return toUserJson(await linkAccount(ctx, auth, account, 'email'))
      },
    )

    app.post(
      '/api/v1/passwordless/unlink',
      {
        schema: {
          tags: ['passwordless', 'linking'],
          summary: 'Unlink an email address from the signed-in user',
          security: [{ bearer: [] }],
          body: z.object({ email: emailSchema }),
          response: { 200: userJsonSchema },
        },
      },
      async (request) => {
        const auth = await requireAuth(ctx, request)
        return toUserJson(await unlinkAccount(ctx, auth, 'email', request.body.email))
      },
    )

    app.post(
      '/api/v1/passwordless_sms/link',
      {
        schema: {
          tags: ['passwordless', 'linking'],
          summary: 'Link a phone number to the signed-in user with the code texted to it',
          security: [{ bearer: [] }],
          body: z.object({ phone_number: phoneSchema, code: codeSchema }),
          response: { 200: userJsonSchema },
        },
      },
      async (request) => {
        const auth = await requireAuth(ctx, request)
        await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
          [`login-ip:${clientIp(request)}`, rateLimits.loginPerIp],
        ])
        if (!auth.app.loginMethods.includes('sms')) throw new ApiError('disallowed_login_method')
        const number = normalizePhone(request.body.phone_number)
        await verifyOtp(ctx, auth.app.id, 'sms', number, request.body.code)
        const account = { type: 'phone', subject: number, details: { number } }
        return toUserJson(await linkAccount(ctx, auth, account, 'sms'))
      },
    )

    app.post(
      '/api/v1/passwordless_sms/unlink',
      {
        schema: {
          tags: ['passwordless', 'linking'],
          summary: 'Unlink a phone number from the signed-in user',
          security: [{ bearer: [] }],
          body: z.object({ phone_number: phoneSchema }),
          response: { 200: userJsonSchema },
        },
      },
      async (request) => {
        const auth = await requireAuth(ctx, request)
        return toUserJson(await unlinkAccount(ctx, auth, 'phone', normalizePhone(request.body.phone_number)))
      },
    )
  }
}
