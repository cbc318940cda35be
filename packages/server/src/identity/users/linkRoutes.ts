import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../context'
import { codeFlowSchema, codeSchema, emailSchema, normalizePhone, phoneSchema } from '../otp/codeSchemas'
import { verifyOtp } from '../otp/verificationCodes'
import { addAccountLinkRoutes } from './addAccountLinkRoutes'

/**
 * Linking and unlinking an email address or a phone number to the signed-in user. The code comes
 * from the same `init` routes as login (`/passwordless/init`, `/passwordless_sms/init`); linking
 * proves the address with it exactly as a login would, then applies the linking rules.
 */
export function linkRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    addAccountLinkRoutes(app, ctx, {
      path: 'passwordless',
      tag: 'passwordless',
      method: 'email',
      link: {
        summary: 'Link an email address to the signed-in user with the code sent to it',
        body: z.object({ email: emailSchema, code: codeSchema, flow_id: codeFlowSchema }),
        async verify(auth, { email, code, flow_id }) {
          await verifyOtp(ctx, auth.app.id, 'email', email, code, flow_id)
          return { type: 'email', subject: email, details: { address: email } }
        },
      },
      unlink: {
        summary: 'Unlink an email address from the signed-in user',
        body: z.object({ email: emailSchema }),
        account: (body) => ({ type: 'email', subject: body.email }),
      },
    })

    addAccountLinkRoutes(app, ctx, {
      path: 'passwordless_sms',
      tag: 'passwordless',
      method: 'sms',
      link: {
        summary: 'Link a phone number to the signed-in user with the code texted to it',
        body: z.object({ phone_number: phoneSchema, code: codeSchema, flow_id: codeFlowSchema }),
        async verify(auth, body) {
          const number = normalizePhone(body.phone_number)
          await verifyOtp(ctx, auth.app.id, 'sms', number, body.code, body.flow_id)
          return { type: 'phone', subject: number, details: { number } }
        },
      },
      unlink: {
        summary: 'Unlink a phone number from the signed-in user',
        body: z.object({ phone_number: phoneSchema }),
        account: (body) => ({ type: 'phone', subject: normalizePhone(body.phone_number) }),
      },
    })
  }
}
