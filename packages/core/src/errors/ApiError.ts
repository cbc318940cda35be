import { BaseError } from './BaseError'
import { type ApiErrorCode, apiErrors } from './catalogue'

export type ApiErrorParameters = {
  /** Replaces the catalogue's message; must never contain a secret. */
  message?: string | undefined
  details?: string | undefined
  cause?: unknown
}

/**
 * An error with a catalogued code. The server throws these by code and answers
 * `{error, code}` with the catalogue's status; the SDK rebuilds them from that answer.
 *
 * @example
 * throw new ApiError('too_many_requests')
 */
export class ApiError extends BaseError {
  override name = 'ApiError'
  readonly code: ApiErrorCode
  readonly status: number

  constructor(code: ApiErrorCode, parameters: ApiErrorParameters = {}) {
    const entry = apiErrors[code]
    super(parameters.message ?? entry.message, { details: parameters.details, cause: parameters.cause })
    this.code = code
    this.status = entry.status
  }

  /** The body the API answers with. */
  toJSON(): { error: string; code: ApiErrorCode } {
    return { error: this.shortMessage, code: this.code }
  }
}
