import { BaseError } from './BaseError'

/** Why a network request did not produce a usable response. */
export type NetworkErrorKind = 'failed' | 'timeout' | 'aborted' | 'already_read' | 'body_not_allowed'

/** The spec's message for each kind, word for word. */
export const networkErrorMessages = {
  failed: 'Network request failed',
  timeout: 'Network request timed out',
  aborted: 'Aborted',
  already_read: 'Already read',
  body_not_allowed: 'Body not allowed for GET or HEAD requests',
} as const satisfies Record<NetworkErrorKind, string>

export type NetworkErrorParameters = {
  /** Extra lines under the message; never a token, a key or a code. */
  details?: string | undefined
  cause?: unknown
}

/**
 * A request that never got a usable answer. `kind` says why, so callers (and `withRetry`) can tell a
 * dropped connection worth retrying from an abort the user asked for.
 *
 * @example
 * throw new NetworkError('timeout', { details: 'No answer from /api/v1/users/me after 10 s.' })
 */
export class NetworkError extends BaseError {
  override name = 'NetworkError'
  readonly kind: NetworkErrorKind

  constructor(kind: NetworkErrorKind, parameters: NetworkErrorParameters = {}) {
    super(networkErrorMessages[kind], { details: parameters.details, cause: parameters.cause })
    this.kind = kind
  }
}
