import {
  DisconnectedError,
  InvalidParamsError,
  ProviderRpcError,
  ResourceUnavailableError,
  UnauthorizedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '@satchel/core'

function readError(error: unknown): { code: number | undefined; message: string | undefined } {
  if (typeof error !== 'object' || error === null) return { code: undefined, message: undefined }
  const code: unknown = Reflect.get(error, 'code')
  const message: unknown = Reflect.get(error, 'message')
  return {
    code: typeof code === 'number' && Number.isInteger(code) ? code : undefined,
    message: typeof message === 'string' && message.length > 0 ? message : undefined,
  }
}

/**
 * What a WalletConnect peer (or the SDK) rejected a request with, as the EIP-1193 error a dApp expects.
 * Wallets answer either with WalletConnect's own codes (`getSdkError`: 5000 `User rejected.`, 3001,
 * 6000 ...) or with EIP-1193/1474 codes (4001, 4100, -32602 ...): both land on the same class, so code
 * that checks `error.code === 4001` works whichever wallet is on the other side.
 *
 * @example
 * toWalletConnectRpcError({ code: 5000, message: 'User rejected.' }) // UserRejectedRequestError (4001)
 */
export function toWalletConnectRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const { code, message } = readError(error)
  const cause = { cause: error }
  // 5000-5099: USER_REJECTED and its chains/methods/events variants (CAIP-25).
  if (code === UserRejectedRequestError.code || (code !== undefined && code >= 5000 && code < 5100))
    return new UserRejectedRequestError({ ...cause, details: message })
  // 3xxx: UNAUTHORIZED_METHOD / _EVENT / ...: the session does not allow it.
  if (code === UnauthorizedError.code || (code !== undefined && code >= 3000 && code < 4000))
    return new UnauthorizedError({ ...cause, details: message })
  // 5100-5199: UNSUPPORTED_METHODS and friends, as the wallet says it.
  if (code === UnsupportedMethodError.code || (code !== undefined && code >= 5100 && code < 5200))
    return new UnsupportedMethodError({ ...cause, details: message })
  // 6000 USER_DISCONNECTED: the session ended while the request waited.
  if (code === DisconnectedError.code || code === 6000)
    return new DisconnectedError({ ...cause, details: message })
  if (code === InvalidParamsError.code) return new InvalidParamsError({ ...cause, details: message })
  if (code === ResourceUnavailableError.code)
    return new ResourceUnavailableError({ ...cause, details: message })
  // Any other JSON-RPC error the wallet sent keeps its code and words; a thrown SDK error (an expired
  // request, a dropped relay) is an internal error with the SDK's message.
  if (code !== undefined && code !== 0) return new ProviderRpcError(code, message ?? 'RPC error', cause)
  return new ProviderRpcError(-32603, message ?? 'Internal error', cause)
}
