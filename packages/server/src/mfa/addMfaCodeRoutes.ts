import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { readAuth } from '../identity/guards/readAuth'
import type { Auth } from '../identity/requestContext'
import { confirmMfaMethod, deleteMfaMethod, getMfaMethod, listMfaMethods, type MfaMethod } from './mfaMethods'
import { recordMfaVerification } from './recordMfaVerification'
import {
  backupCodesAnswerSchema,
  mfaCodeSchema,
  mfaMethodsAnswerSchema,
  mfaTokenAnswerSchema,
  notEnrolled,
} from './schemas'

type App = Parameters<FastifyPluginAsyncZod>[0]

export type MfaCodeRoutesParameters = {
  type: 'totp' | 'sms'
  /** `/api/v1/mfa/<path>/enroll`, `/verify`, `/unenroll` (its `init` is the factor's own). */
  path: string
  summaries: { enroll: string; verify: string; unenroll: string }
  /** The method has what `init` prepares (a sealed secret, a number); `startWith` says how to get it. */
  ready(method: MfaMethod | undefined): method is MfaMethod
  startWith: string
  /** Checks the code for the method: enrolling it, or passing it. */
  check(
    auth: Auth,
    method: MfaMethod,
    purpose: 'enroll' | 'verify',
    code: string,
    request: FastifyRequest,
  ): Promise<void>
  /** More for enroll's answer once the method is confirmed (TOTP's first backup codes). */
  afterEnroll?: ((auth: Auth) => Promise<{ backup_codes?: string[] }>) | undefined
}

/**
 * Adds the routes of a second factor proved by a 6-digit code (TOTP, SMS), after its own `init`:
 * - `enroll` (`user+signed+stepup`: adding a factor is an MFA change) confirms the pending method;
 * - `verify` (`user`) answers an MFA token for this session (`recordMfaVerification`);
 * - `unenroll` (`user+signed+stepup`) removes it.
 *
 * @example
 * addMfaCodeRoutes(app, ctx, { type: 'totp', path: 'totp', summaries, ready: (m) => m !== undefined, startWith, check })
 */
export function addMfaCodeRoutes(app: App, ctx: ServerContext, spec: MfaCodeRoutesParameters): void {
  const body = z.object({ code: mfaCodeSchema })
  const post = (
    step: 'enroll' | 'verify' | 'unenroll',
    guard: 'user' | 'user+signed+stepup',
    response: z.ZodType,
    handler: (request: FastifyRequest) => Promise<unknown>,
  ) =>
    app.post(
      `/api/v1/mfa/${spec.path}/${step}`,
      {
        schema: {
          tags: ['mfa'],
          summary: spec.summaries[step],
          security: [{ bearer: [] }],
          ...(step === 'unenroll' ? {} : { body }),
          response: { 200: response },
        },
        config: { guard },
      },
      handler,
    )
  /** The signed-in user, once the code checks out for the pending (enroll) or confirmed (verify) method. */
  const prove = async (request: FastifyRequest, purpose: 'enroll' | 'verify'): Promise<Auth> => {
    const auth = readAuth(request)
    const method = await getMfaMethod(ctx, auth.userId, spec.type)
    if (purpose === 'enroll' && method?.confirmed) throw new ApiError('mfa_already_enrolled')
    if (!spec.ready(method))
      throw purpose === 'enroll' ? new ApiError('invalid_data', { message: spec.startWith }) : notEnrolled()
    if (purpose === 'verify' && !method.confirmed) throw notEnrolled()
    await spec.check(auth, method, purpose, body.parse(request.body).code, request)
    return auth
  }
  const methodsOf = async (userId: string) => ({ mfa_methods: await listMfaMethods(ctx, userId) })

  const enrollAnswer = mfaMethodsAnswerSchema.extend(backupCodesAnswerSchema.partial().shape)
  post('enroll', 'user+signed+stepup', enrollAnswer, async (request) => {
    const auth = await prove(request, 'enroll')
    await confirmMfaMethod(ctx, auth.userId, spec.type)
    return { ...(await methodsOf(auth.userId)), ...(await spec.afterEnroll?.(auth)) }
  })
  post('verify', 'user', mfaTokenAnswerSchema, async (request) => {
    const auth = await prove(request, 'verify')
    return { token: await recordMfaVerification(ctx, auth, spec.type) }
  })
  post('unenroll', 'user+signed+stepup', mfaMethodsAnswerSchema, async (request) => {
    const auth = readAuth(request)
    if (!(await deleteMfaMethod(ctx, auth.userId, spec.type))) throw notEnrolled()
    return methodsOf(auth.userId)
  })
}
