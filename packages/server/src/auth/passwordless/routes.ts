import { maskPhone } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import {
  codeFlowSchema,
  codeSchema,
  emailSchema,
  normalizePhone,
  phoneSchema,
} from '../../identity/otp/codeSchemas'
import { issueOtp, type OtpChannel, verifyOtp } from '../../identity/otp/verificationCodes'
import { clientIp } from '../../identity/requestContext'
import { addLoginRoutes } from '../../identity/users/addLoginRoutes'
import {
  type LinkedAccountInput,
  type ProfileRow,
  selectProfileByAccount,
  toProfileUser,
} from '../../identity/users/usersRepository'
import { rateLimitInOrder, rateLimits } from '../../platform/http/rateLimit'

type Channel<Address extends z.ZodRawShape, Proof extends z.ZodRawShape> = {
  channel: OtpChannel
  path: string
  method: 'email' | 'sms'
  /** The body field that names the address. */
  address: Address
  /** The address as stored: lower-cased email, E.164 phone number. */
  read(body: z.output<z.ZodObject<Address>>): string
  /** The address with the code and its flow. */
  proof: Proof
  readProof(body: z.output<z.ZodObject<Proof>>): { address: string; code: string; flowId: string }
  account(identifier: string): LinkedAccountInput
  summaries: { authenticate: string; link: string; unlink: string }
}

const initAnswerSchema = z.object({
  success: z.literal(true),
  flow_id: z
    .string()
    .describe('Send it back with the code (authenticate or link): the code works only with it'),
})

/**
 * Passwordless login by a 6-digit code sent by email (`/passwordless`) or text (`/passwordless_sms`):
 * `init` sends the code; `authenticate`, `link` and `reauthenticate` prove the address with it.
 */
export function passwordlessRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    addPasswordlessRoutes(app, ctx, {
      channel: 'email',
      path: 'passwordless',
      method: 'email',
      address: { email: emailSchema },
      read: (body) => body.email,
      proof: { email: emailSchema, code: codeSchema, flow_id: codeFlowSchema },
      readProof: (body) => ({ address: body.email, code: body.code, flowId: body.flow_id }),
      account: (address) => ({ type: 'email', subject: address, details: { address } }),
      summaries: {
        authenticate: 'Sign in with the code sent by email',
        link: 'Link an email address to the signed-in user with the code sent to it',
        unlink: 'Unlink an email address from the signed-in user',
      },
    })
    addPasswordlessRoutes(app, ctx, {
      channel: 'sms',
      path: 'passwordless_sms',
      method: 'sms',
      address: { phone_number: phoneSchema },
      read: (body) => normalizePhone(body.phone_number),
      proof: { phone_number: phoneSchema, code: codeSchema, flow_id: codeFlowSchema },
      readProof: (body) => ({
        address: normalizePhone(body.phone_number),
        code: body.code,
        flowId: body.flow_id,
      }),
      account: (number) => ({ type: 'phone', subject: number, details: { number } }),
      summaries: {
        authenticate: 'Sign in with the code sent by sms',
        link: 'Link a phone number to the signed-in user with the code texted to it',
        unlink: 'Unlink a phone number from the signed-in user',
      },
    })
  }
}

function addPasswordlessRoutes<Address extends z.ZodRawShape, Proof extends z.ZodRawShape>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  ctx: ServerContext,
  spec: Channel<Address, Proof>,
): void {
  addLoginRoutes(app, ctx, {
    path: spec.path,
    tag: 'passwordless',
    method: spec.method,
    steps: (add) =>
      add({
        // The sends have limits of their own, below: the login limit is for proofs.
        limit: false,
        url: `/api/v1/${spec.path}/init`,
        guard: 'public',
        tags: ['passwordless'],
        summary: `Send a one-time code by ${spec.channel}`,
        body: z.object(spec.address),
        response: { 200: initAnswerSchema },
        async handle({ request, app: satchelApp, body }) {
          const identifier = spec.read(body)
          const ip = clientIp(request)
          // Narrowest first, and a refusal stops the count: a flood from one IP spends only that
          // IP's allowance for the address, never the address's own (see rateLimitInOrder).
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
      }),
    proof: spec.proof,
    async verify(satchelApp, body) {
      const { address, code, flowId } = spec.readProof(body)
      const account = spec.account(address)
      // The account's user is read in the statement that spends the code: a sign-in's one read.
      const row = await verifyOtp<ProfileRow>(
        ctx,
        satchelApp.id,
        spec.channel,
        address,
        code,
        flowId,
        (param) =>
          selectProfileByAccount(param, {
            appId: satchelApp.id,
            type: account.type,
            subject: account.subject,
          }),
      )
      return { account, owner: row ? toProfileUser(row) : null }
    },
    summaries: spec.summaries,
    unlink: { body: z.object(spec.address), account: (body) => spec.account(spec.read(body)) },
  })
}

function message(channel: OtpChannel, to: string, code: string, appName: string, appId: string) {
  const text = `${code} is your ${appName} login code. It expires in 10 minutes. If you did not ask for it, ignore this message.`
  return channel === 'email'
    ? { channel, to, appId, subject: `${code} is your ${appName} login code`, text }
    : { channel, to, appId, text }
}
