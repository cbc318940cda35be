import type { FastifyRequest } from 'fastify'
import type { App } from '../apps/types'
import type { Auth } from '../requestContext'

/** Who called a route that a user or the app's backend may call (`guard: ['user', 'app']`). */
export type Caller = { kind: 'user'; app: App; auth: Auth } | { kind: 'app'; app: App }

/**
 * The caller of a user-or-app route, as its guard established it.
 *
 * @example
 * const caller = readCaller(request)
 * const userId = caller.kind === 'user' ? caller.auth.userId : request.body.user_id
 */
export function readCaller(request: FastifyRequest): Caller {
  const guarded = request.guarded
  if (guarded?.kind === 'user') return { kind: 'user', app: guarded.app, auth: guarded.auth }
  if (guarded?.kind === 'app') return { kind: 'app', app: guarded.app }
  throw new Error(`${request.routeOptions.url}: its guard establishes no user or app`)
}
