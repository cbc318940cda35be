import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ServerContext } from '../identity/context'
import { backupCodeRoutes } from './backupCodeRoutes'
import { smsMfaRoutes } from './smsRoutes'
import { totpRoutes } from './totpRoutes'

/**
 * Second factors under `/api/v1/mfa`: TOTP, SMS and backup codes here; passkey MFA lives with the passkeys and
 * uses this folder's tables and `recordMfaVerification`.
 */
export function mfaRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(totpRoutes(ctx))
    await app.register(smsMfaRoutes(ctx))
    await app.register(backupCodeRoutes(ctx))
  }
}
