/**
 * A JSON-RPC error the local cluster answers (`{code, message, data?}`), with Agave's codes:
 * -32600 invalid request, -32601 method not found, -32602 invalid params, -32002 preflight failure,
 * -32003 signature verification failure.
 */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}
