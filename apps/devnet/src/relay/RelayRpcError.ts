/** The JSON-RPC 2.0 error codes the relay answers with. */
export const relayRpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const

export type RelayRpcErrorCode = (typeof relayRpcErrorCodes)[keyof typeof relayRpcErrorCodes]

/**
 * An error the relay sends back as a JSON-RPC error object. Messages name the offending field, never
 * the value (a value may be a message or a key).
 *
 * @example
 * throw new RelayRpcError(relayRpcErrorCodes.invalidParams, 'Invalid params: topic must be 64 hex characters')
 */
export class RelayRpcError extends Error {
  override name = 'RelayRpcError'
  readonly code: RelayRpcErrorCode

  constructor(code: RelayRpcErrorCode, message: string) {
    super(message)
    this.code = code
  }
}

/**
 * Shorthand for the commonest error: params that are missing or of the wrong shape.
 *
 * @example
 * throw invalidParams('ttl must be a whole number of seconds from 1 to 2592000')
 */
export function invalidParams(detail: string): RelayRpcError {
  return new RelayRpcError(relayRpcErrorCodes.invalidParams, `Invalid params: ${detail}`)
}
