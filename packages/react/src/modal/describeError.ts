import { BaseError } from '@satchel/core'

/**
 * An error in words for the person in front of the modal: the API's own message (`Invalid
 * credentials`, `Too many requests, try again later`), never a stack or a detail line.
 *
 * @example
 * describeError(new ApiError('too_many_requests')) // 'Too many requests, try again later'
 */
export function describeError(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  if (error instanceof Error && error.message) return error.message
  return 'Something went wrong. Please try again.'
}
