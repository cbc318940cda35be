import { ApiError, BaseError } from '@satchel/core'
import { StepUpRequiredError } from '@satchel/react'
import { ZodError } from 'zod'

/**
 * An error in words for the operator: the API's own sentence (the SDK's error catalogue, or the
 * server's message naming the field), never a stack trace. A few codes get the console's advice.
 *
 * @example
 * describeError(new ApiError('app_secret_read_only')) // 'This app secret is read-only: ...'
 */
export function describeError(error: unknown): string {
  if (error instanceof StepUpRequiredError)
    return 'Confirm it’s you first: this change needs a fresh sign-in or second factor.'
  if (error instanceof ApiError) {
    if (error.code === 'not_found')
      return `${error.shortMessage}. This server may not have this part of the admin API yet.`
    return error.shortMessage
  }
  if (error instanceof ZodError) return 'The server answered something the console does not understand.'
  if (error instanceof BaseError) return error.shortMessage
  if (error instanceof Error && error.message) return error.message.split('\n')[0] ?? error.message
  return 'Something went wrong. Try again.'
}
