import { ApiError } from '@satchel/core'

/**
 * The answer when a transaction could not be recorded (its row or its audit intent) before its
 * broadcast: it was not sent, so the client may simply try again.
 *
 * @example
 * await recordIntent().catch((error) => { throw toUnrecordedError(error) })
 */
export function toUnrecordedError(error: unknown): ApiError {
  return new ApiError('service_unavailable', {
    message: 'The transaction could not be recorded, so it was not sent; try again',
    cause: error,
  })
}
