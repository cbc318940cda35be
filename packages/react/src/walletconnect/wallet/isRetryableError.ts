import { ApiError, NetworkError } from '@satchel/core'
import { NotAuthenticatedError } from '../../errors/errors'

// Failures the user can fix and retry (a second factor, a dropped network, signing in again).
const retryableCodes = new Set([
  'missing_or_invalid_mfa',
  'too_many_requests',
  'must_be_authenticated',
  'missing_or_invalid_token',
  'invalid_authorization_signature',
  'request_expired',
  'client_request_timeout',
])

/**
 * Whether a failed answer to an app's request should stay in front of the user (to retry, or to
 * reject) instead of going back to the app as an error.
 *
 * @example
 * isRetryableError(new ApiError('missing_or_invalid_mfa')) // true
 */
export function isRetryableError(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    error instanceof NotAuthenticatedError ||
    (error instanceof ApiError && retryableCodes.has(error.code))
  )
}
