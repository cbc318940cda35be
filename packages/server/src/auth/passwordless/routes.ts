import { ApiError, maskPhone } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readApp } from '../../identity/guards/readApp'
import {
  codeFlowSchema,
  codeSchema,
  emailSchema,
  normalizePhone,
  phoneSchema,
} from '../../identity/otp/codeSchemas'
import { issueOtp, type OtpChannel, verifyOtp } from '../../identity/otp/verificationCodes'
import { clientIp } from '../../identity/requestContext'
import { completeLogin } from '../../identity/sessions/completeLogin'
import {
  authenticatedUserSchema,
  loginModeSchema,
  sessionPublicKeySchema,
} from '../../identity/sessions/schemas'
import type { LinkedAccountInput } from '../../identity/users/usersRepository'
import { rateLimit, rateLimitInOrder, rateLimits } from '../../platform/http/rateLimit'

const loginFields = {
  code: codeSchema,
  flow_id: codeFlowSchema,
  mode: loginModeSchema,
  session_public_key: sessionPublicKeySchema.optional(),
}

type Channel = {
  channel: OtpChannel
  path: string
  method: 'email' | 'sms'
  /** Both bodies are parsed to one shape: `identifier` is the address as typed. */
  initBody: z.ZodType<{ identifier: string }>
  authBody: z.ZodType<{ identifier: string } & z.output<z.ZodObject<typeof loginFields>>>
  normalize(identifier: string): string
  account(identifier: string): LinkedAccountInput
}

const channels: Channel[] = [
  {
    channel: 'email',
    path: 'passwordless',
    method: 'email',
    initBody: z.object({ email: emailSchema }).transform((b) => ({ identifier: b.email })),
    authBody: z
      .object({ email: emailSchema, ...loginFields })
      .transform(({ email, ...rest }) => ({ identifier: email, ...rest })),
    normalize: (email) => email,
    account: (address) => ({ type: 'email', subject: address, details: { address } }),
  },
  {
    channel: 'sms',
    path: 'passwordless_sms',
    method: 'sms',
    initBody: z.object({ phone_number: phoneSchema }).transform((b) => ({ identifier: b.phone_number })),
    authBody: z
      .object({ phone_number: phoneSchema, ...loginFields })
      .transform(({ phone_number, ...rest }) => ({ identifier: phone_number, ...rest })),
    normalize: normalizePhone,
    account: (number) => ({ type: 'phone', subject: number, details: { number } }),
  },
]

/** Passwordless login by a 6-digit code sent by email (`/passwordless`) or text (`/passwordless_sms`). */
export function passwordlessRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const spec of channels) {
      app.post(
        `/api/v1/${spec.path}/init`,
        {
          config: { guard: 'public' },
          schema: {
            tags: ['passwordless'],
            summary: `Send a one-time code by ${spec.channel}`,
            body: spec.initBody,
            response: {
              200: z.object({
                success: z.literal(true),
                flow_id: z
                  .string()
                  .describe('Send it back with the code (authenticate or link): the code works only with it'),
              }),
            },
          },
        },
        async (request) => {
          const satchelApp = readApp(request)
          if (!satchelApp.loginMethods.includes(spec.method)) throw new ApiError('disallowed_login_method')
          const identifier = spec.normalize(request.body.identifier)
          const ip = clientIp(request)
          // Narrowest first, and a refusal stops the count: a flood from one IP spends only that IP's
          // allowance for the address, never the address's own (see rateLimitInOrder).
          await rateLimitInOrder(ctx.kv, ctx.config.rateLimitScale, [
            [`code-ip:${ip}`, rateLimits.codeSendPerIp],
            [`code:${satchelApp.id}:${identifier}:${ip}`, rateLimits.codeSendPerAddressAndIp],
            [`code:${satchelApp.id}:${identifier}`, rateLimits.codeSendPerAddress],
          ])
          const { code, flowId } = await issueOtp(ctx, satchelApp.id, spec.channel, identifier)
          await ctx.delivery.send(message(spec.channel, identifier, code, satchelApp.name, satchelApp.id))
          request.log.info(
            { channel: spec.channel, to: spec.channel === 'sms' ? maskPhone(identifier) : '(email)' },
            'one-time code sent',
          )
          return { success: true as const, flow_id: flowId }
        },
      )

      app.post(
        `/api/v1/${spec.path}/authenticate`,
        {
          config: { guard: 'public' },
          schema: {
            tags: ['passwordless'],
            summary: `Sign in with the code sent by ${spec.channel}`,
            body: spec.authBody,
            response: { 200: authenticatedUserSchema },
          },
        },
        async (request, reply) => {
          const satchelApp = readApp(request)
          await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
            [`login-ip:${clientIp(request)}`, rateLimits.loginPerIp],
          ])
          if (!satchelApp.loginMethods.includes(spec.method)) throw new ApiError('disallowed_login_method')
          const identifier = spec.normalize(request.body.identifier)
          await verifyOtp(
            ctx,
            satchelApp.id,
            spec.channel,
            identifier,
            request.body.code,
            request.body.flow_id,
          )
          return completeLogin(ctx, request, reply, {
            app: satchelApp,
            method: spec.method,
            account: spec.account(identifier),
            mode: request.body.mode,
            sessionPublicKey: request.body.session_public_key,
          })
        },
      )
    }
  }
}

function message(channel: OtpChannel, to: string, code: string, appName: string, appId: string) {
  const text = `${code} is your ${appName} login code. It expires in 10 minutes. If you did not ask for it, ignore this message.`
  return channel === 'email'
    ? { channel, to, appId, subject: `${code} is your ${appName} login code`, text }
    : { channel, to, appId, text }
}
