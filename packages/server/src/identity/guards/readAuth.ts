import type { FastifyRequest } from 'fastify'
import type { Auth } from '../requestContext'

/**
 * The signed-in user the route's guard established (`user`, `user+signed`, `user+signed+stepup`).
 * Handlers read it; they never check credentials themselves. Called on a route whose guard
 * establishes no user, it throws (a programming error, answered as `internal_error`).
 *
 * @example
 * const auth = readAuth(request)
 */
export function readAuth(request: FastifyRequest): Auth {
  const guarded = request.guarded
  if (guarded?.kind !== 'user') throw new Error(`${request.routeOptions.url}: its guard establishes no user`)
  return guarded.auth
}
