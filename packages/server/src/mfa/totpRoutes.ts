import { ApiError, createQrCode } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Secret } from 'otpauth'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { readAuth } from '../identity/guards/readAuth'
import { clientIp } from '../identity/requestContext'
import { seal } from '../platform/crypto/seal'
import { addMfaCodeRoutes } from './addMfaCodeRoutes'
import { countBackupCodes, issueBackupCodes } from './backupCodes'
import { getMfaMethod, savePendingMfaMethod } from './mfaMethods'
import { createTotp, totpSecretAad, verifyTotpCode } from './totp'

const security = [{ bearer: [] }]

/** TOTP as a second factor: init (secret + otpauth URI), enroll, verify (MFA token), unenroll. */
export function totpRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/mfa/totp/init',
      {
        schema: {
          tags: ['mfa'],
          summary:
            'Start TOTP enrolment: a new secret and the otpauth URI (and its QR code) for an authenticator app',
          security,
          response: { 200: z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() }) },
        },
        // Adding a factor is an MFA change: with a stolen session alone, an attacker could otherwise
        // enrol their own authenticator and pass every later MFA check.
        config: { guard: 'user+signed+stepup' },
      },
      async (request) => {
        const auth = readAuth(request)
        if ((await getMfaMethod(ctx, auth.userId, 'totp'))?.confirmed)
          throw new ApiError('mfa_already_enrolled')
        const secret = new Secret({ size: 20 })
        const sealedSecret = seal(
          ctx.encryptionKey,
          new Uint8Array(secret.buffer),
          totpSecretAad(auth.userId),
        )
        if (!(await savePendingMfaMethod(ctx, auth.userId, 'totp', { sealedSecret })))
          throw new ApiError('mfa_already_enrolled')
        const user = await ctx.users.requireUser(auth.userId)
        const label = accountLabel(user.linkedAccounts) ?? user.id
        const otpauthUri = createTotp({ secret, issuer: auth.app.name, label }).toString()
        return { secret: secret.base32, otpauth_uri: otpauthUri, qr_svg: createQrCode(otpauthUri).svg }
      },
    )

    addMfaCodeRoutes(app, ctx, {
      type: 'totp',
      path: 'totp',
      summaries: {
        enroll:
          'Finish TOTP enrolment with a code from the authenticator app (answers the first backup codes)',
        verify: 'Pass TOTP: answers an MFA token for sensitive actions, valid 15 minutes for this session',
        unenroll: 'Remove TOTP (signed, with a fresh MFA token in satchel-mfa-token)',
      },
      ready: (method) => method !== undefined,
      startWith: 'Start TOTP enrolment with /api/v1/mfa/totp/init first',
      check: (auth, method, _purpose, code, request) =>
        verifyTotpCode(ctx, method, code, { sessionId: auth.sessionId, ip: clientIp(request) }),
      // A first set of backup codes comes with the authenticator, while the step-up still holds; a set
      // the user already has is kept (new ones are asked for, and replace it, on their own route).
      afterEnroll: async (auth) => {
        const { createdAt } = await countBackupCodes(ctx, auth.userId)
        return createdAt === null ? { backup_codes: await issueBackupCodes(ctx, auth.userId) } : {}
      },
    })
  }
}

/** What the authenticator app shows under the issuer: the user's email, else phone. */
function accountLabel(accounts: ReadonlyArray<{ type: string; subject: string }>): string | undefined {
  return (accounts.find((a) => a.type === 'email') ?? accounts.find((a) => a.type === 'phone'))?.subject
}
