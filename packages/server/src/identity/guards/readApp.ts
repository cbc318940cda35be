import type { FastifyRequest } from 'fastify'
import type { App } from '../apps/types'

/**
 * The app the request is for, as the route's guard established it (from the app id, the access
 * token, the app secret or the wallet request). Throws on a route whose guard checks no app
 * (`none`, `webhook`): a programming error.
 *
 * @example
 * const app = readApp(request)
 */
export function readApp(request: FastifyRequest): App {
  const guarded = request.guarded
  if (!guarded) throw new Error(`${request.routeOptions.url}: its guard establishes no app`)
  return guarded.app
}
