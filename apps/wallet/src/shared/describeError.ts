import { BaseError } from '@satchel/core'

/**
 * An error in words for the person using the wallet: the API's own message (`This account is linked
 * to another user`, `Too many requests, try again later`), never a stack trace or a detail line.
 *
 * @example
 * describeError(new ApiError('cannot_unlink_last_account')) // 'The last way to sign in cannot be unlinked'
 */
export function describeError(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return 'The passkey request was cancelled or timed out'
  if (error instanceof Error && error.message) return error.message.split('\n')[0] ?? error.message
  return 'Something went wrong. Please try again.'
}

/** The API's stable error code, when the error carries one. */
export function getErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code
  return undefined
}
