import { ApiError } from '@satchel/core'
import { writeAudit } from '../../platform/audit/writeAudit'
import type { ServerContext } from '../context'
import type { Auth } from '../requestContext'

/**
 * Runs a guard's checks of a caller already known by their token, recording a refusal before it is
 * thrown: a stolen token at work, or a session asked to confirm it's the person, is worth an audit row.
 *
 * @example
 * await auditRefusals(ctx, auth, { route, guard }, () => checkSessionSignature(ctx, request, auth))
 */
export async function auditRefusals(
  ctx: ServerContext,
  auth: Auth,
  details: { route: string; guard: string; app_id?: string },
  check: () => Promise<void>,
): Promise<void> {
  try {
    await check()
  } catch (error) {
    await writeAudit(ctx.db, {
      appId: auth.app.id,
      userId: auth.userId,
      sessionId: auth.sessionId,
      action: 'guard.refused',
      outcome: 'denied',
      details: { ...details, code: error instanceof ApiError ? error.code : 'internal_error' },
    })
    throw error
  }
}
