import { BaseError } from '@satchel/core'
import { FALLBACK_MESSAGE, messageForError } from './errorMessages'

/**
 * An error in words for the person using the wallet, from one catalogue keyed by the error's code
 * (see `messageForError`): never the server's raw text, a stack trace or a detail line. An error
 * with no known code falls back to the SDK's own sentence, then to a generic "try again".
 *
 * @example
 * describeError(new ApiError('cannot_unlink_last_account')) // 'This is your only way to sign in, so it cannot be removed. Add another first.'
 */
export function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const known = messageForError(error)
    if (known) return known
    // EIP-1193 codes from a browser or WalletConnect wallet.
    const code = (error as { code?: unknown }).code
    if (code === 4001 || code === 5000) return 'You declined the request in your wallet.'
    if (code === 4100)
      return 'Your wallet did not allow this. Unlock it or connect this account, then try again.'
  }
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return 'The passkey request was cancelled or timed out'
  if (error instanceof BaseError) return error.shortMessage
  if (error instanceof Error && error.message) return error.message.split('\n')[0] ?? error.message
  return FALLBACK_MESSAGE
}

/** The API's stable error code, when the error carries one. */
export function getErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code
  return undefined
}
