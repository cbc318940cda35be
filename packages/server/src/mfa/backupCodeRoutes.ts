import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { readAuth } from '../identity/guards/readAuth'
import { clientIp } from '../identity/requestContext'
import { startGuess } from '../platform/http/limitGuesses'
import { countBackupCodes, issueBackupCodes, useBackupCode } from './backupCodes'
import { listMfaMethods } from './mfaMethods'
import { recordMfaVerification } from './recordMfaVerification'
import { backupCodesAnswerSchema, mfaTokenAnswerSchema } from './schemas'
import { TOTP_GUESS_LIMITS } from './totp'

const security = [{ bearer: [] }]

/** A backup code as a person may type it: 10 characters, with a dash or spaces anywhere. */
const backupCodeSchema = z
  .string()
  .max(32)
  .regex(/^[0-9a-zA-Z\s-]+$/, 'a backup code')

/**
 * MFA backup codes: generate (or replace) the set, read how many are left, and pass MFA with one
 * instead of a TOTP or SMS code.
 */
export function backupCodeRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/mfa/backup_codes',
      {
        schema: {
          tags: ['mfa'],
          summary: 'Generate 10 new backup codes (the old ones stop working); they are shown this once',
          security,
          response: { 200: backupCodesAnswerSchema },
        },
        // The codes pass MFA: whoever could make them with a stolen access token alone would own
        // the second factor. Signed by the session key, and a fresh second factor is required.
        config: { guard: 'user+signed+stepup' },
      },
      async (request) => {
        const auth = readAuth(request)
        if ((await listMfaMethods(ctx, auth.userId)).length === 0)
          throw new ApiError('invalid_data', { message: 'Set up a second factor before backup codes' })
        return { backup_codes: await issueBackupCodes(ctx, auth.userId) }
      },
    )

    app.get(
      '/api/v1/mfa/backup_codes',
      {
        schema: {
          tags: ['mfa'],
          summary: 'How many backup codes are left unused (never the codes)',
          security,
          response: { 200: z.object({ remaining: z.number().int(), created_at: z.string().nullable() }) },
        },
        config: { guard: 'user' },
      },
      async (request) => {
        const { remaining, createdAt } = await countBackupCodes(ctx, readAuth(request).userId)
        return { remaining, created_at: createdAt?.toISOString() ?? null }
      },
    )

    app.post(
      '/api/v1/mfa/backup_codes/verify',
      {
        schema: {
          tags: ['mfa'],
          summary: 'Pass MFA with a backup code instead of a TOTP or SMS code; each code works once',
          security,
          body: z.object({ code: backupCodeSchema }),
          response: { 200: mfaTokenAnswerSchema },
        },
        config: { guard: 'user' },
      },
      async (request) => {
        const auth = readAuth(request)
        // The same tries as TOTP, counted apart: a thief's wrong guesses hold the thief's session.
        const guess = await startGuess(ctx.kv, {
          secret: 'backup_code',
          userId: auth.userId,
          sessionId: auth.sessionId,
          ip: clientIp(request),
          limits: TOTP_GUESS_LIMITS,
          scale: ctx.config.rateLimitScale,
        })
        if (!(await useBackupCode(ctx, auth.userId, request.body.code))) {
          await guess.failed()
          throw new ApiError('invalid_credentials', {
            message: 'The backup code is wrong or was already used',
          })
        }
        await guess.succeeded()
        return { token: await recordMfaVerification(ctx, auth, 'backup_code') }
      },
    )
  }
}
