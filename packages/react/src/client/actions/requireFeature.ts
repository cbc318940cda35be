import { ApiError } from '@satchel/core'
import { FeatureNotAvailableError } from '../../errors/errors'

/**
 * Runs a call to a route the server may not have yet; the server's `not_found` for the route itself
 * becomes a FeatureNotAvailableError naming the feature, instead of a bare "Not found".
 *
 * @example
 * await requireFeature('Sign-in with a passkey', () => client.request({ method: 'POST', path }))
 */
export async function requireFeature<T>(feature: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found')
      throw new FeatureNotAvailableError({ feature, cause: error })
    throw error
  }
}
