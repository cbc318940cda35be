import { ApiError } from '@satchel/core/errors'

/**
 * `missing_or_invalid_token` with a reason, for a token that verified but is of the other kind.
 *
 * @example
 * throw invalidToken('An identity token is not an access token')
 */
export function invalidToken(details: string, cause?: unknown): ApiError {
  return new ApiError('missing_or_invalid_token', { details, cause })
}
