import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { App } from '../apps/types'
import type { ServerContext } from '../context'
import type { Auth } from '../requestContext'
import { requireMfa, userHasMfa } from './requireMfa'

/**
 * What a user's signature asks of their second factor, by the app's `mfa_requirement`: `off`,
 * nothing; `optional`, a fresh MFA token from a user who has a factor when the app asks for it on
 * signing (`settings.requireMfaForSigning`); `required_for_wallet_actions`, a fresh MFA token always,
 * and a user without a factor is refused (`missing_or_invalid_mfa`, saying to enrol one) rather than
 * let through. An app backend's delegated signer is not a user and is not asked.
 *
 * @example
 * if (actor.kind === 'user') await requireSigningMfa(ctx, request, app, actor.auth)
 */
export async function requireSigningMfa(
  ctx: ServerContext,
  request: FastifyRequest,
  app: App,
  auth: Auth,
): Promise<void> {
  if (app.mfaRequirement === 'off') return
  const required = app.mfaRequirement === 'required_for_wallet_actions'
  if (!required && app.settings.requireMfaForSigning !== true) return
  if (await userHasMfa(ctx, auth.userId)) return requireMfa(ctx, request, auth)
  if (required)
    throw new ApiError('missing_or_invalid_mfa', {
      message: 'This app requires a second factor for wallet actions: enrol one first',
    })
}
