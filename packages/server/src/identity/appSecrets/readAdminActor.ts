import type { FastifyRequest } from 'fastify'

/** Who acted on an admin route: one of the app's secrets, or a console operator standing in for it. */
export type AdminActor =
  | { kind: 'app_secret'; id: string }
  | { kind: 'operator'; user_id: string; email: string }

/**
 * The actor of an `app` route, as its guard established it, for the audit row of every write.
 *
 * @example
 * await writeAudit(ctx.db, { appId, action: 'user.deleted', outcome: 'success', details: { actor: readAdminActor(request) } })
 */
export function readAdminActor(request: FastifyRequest): AdminActor {
  const guarded = request.guarded
  if (guarded?.kind === 'app') {
    if (guarded.operator)
      return { kind: 'operator', user_id: guarded.operator.userId, email: guarded.operator.email }
    return { kind: 'app_secret', id: guarded.secretId }
  }
  if (guarded?.kind === 'console')
    return { kind: 'operator', user_id: guarded.operator.userId, email: guarded.operator.email }
  throw new Error(`${request.routeOptions.url}: its guard establishes no app secret or operator`)
}
