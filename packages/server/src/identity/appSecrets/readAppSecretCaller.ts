import type { FastifyRequest } from 'fastify'
import type { AppSecretCaller } from '../requestContext'

/**
 * The app's backend on an `app` route, as its guard established it: the app, and which of its
 * secrets called with what access.
 *
 * @example
 * const { app, access } = readAppSecretCaller(request)
 */
export function readAppSecretCaller(request: FastifyRequest): AppSecretCaller {
  const guarded = request.guarded
  if (guarded?.kind !== 'app')
    throw new Error(`${request.routeOptions.url}: its guard establishes no app secret`)
  return { app: guarded.app, secretId: guarded.secretId, access: guarded.access }
}
