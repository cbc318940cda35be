import {
  ApiError,
  InvalidTransactionError,
  type NormalizedTransaction,
  normalizeTransaction,
  UnsupportedTransactionTypeError,
} from '@satchel/core'

/**
 * Core's `normalizeTransaction` for a request's transaction: what it refuses is the caller's
 * `invalid_data`, with core's short reason, never a 500.
 *
 * @throws {ApiError} `invalid_data` for an unsupported type or an invalid field.
 * @example
 * const transaction = normalizeTransactionRequest({ ...input, chainId })
 */
export function normalizeTransactionRequest(
  input: Parameters<typeof normalizeTransaction>[0],
): NormalizedTransaction {
  try {
    return normalizeTransaction(input)
  } catch (error) {
    // Core's short message names the field or the type: the caller's mistake, said back to them.
    if (error instanceof UnsupportedTransactionTypeError || error instanceof InvalidTransactionError)
      throw new ApiError('invalid_data', { message: error.shortMessage })
    throw error
  }
}
