import {
  ApiError,
  ChainDisconnectedError,
  DisconnectedError,
  InvalidParamsError,
  NetworkError,
  ProviderRpcError,
  UnauthorizedError,
  UnsupportedMethodError,
} from '@satchel/core'
import { NotAuthenticatedError, WalletNotFoundError } from '../errors/errors'

const unauthorized = new Set([
  'must_be_authenticated',
  'missing_or_invalid_token',
  'invalid_authorization_signature',
  'missing_or_invalid_mfa',
  'request_expired',
])

/**
 * Any failure of a wallet call as the EIP-1193 error a dApp expects: 4100 when nobody (or the wrong
 * key) is signed in, 4200 for a method the wallet does not do, 4901 for a chain it does not serve,
 * -32602 for bad parameters, 4900 when the server cannot be reached. Anything else keeps the API's
 * message, with its catalogue code as `data.code`.
 *
 * @example
 * throw toProviderRpcError(new ApiError('unsupported_method')) // UnsupportedMethodError (4200)
 */
export function toProviderRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const cause = { cause: error }
  if (error instanceof NotAuthenticatedError || error instanceof WalletNotFoundError)
    return new UnauthorizedError({ ...cause, details: error.shortMessage })
  if (error instanceof NetworkError) return new DisconnectedError({ ...cause, details: error.shortMessage })
  if (!(error instanceof ApiError)) return new ProviderRpcError(-32603, 'Internal error', cause)
  const data = { code: error.code }
  if (unauthorized.has(error.code))
    return new UnauthorizedError({ ...cause, data, message: error.shortMessage })
  if (error.code === 'unsupported_method') return new UnsupportedMethodError({ ...cause, data })
  if (error.code === 'unsupported_chain_id')
    return new ChainDisconnectedError({ ...cause, data, message: error.shortMessage })
  if (error.code === 'invalid_data')
    return new InvalidParamsError({ ...cause, data, details: error.shortMessage })
  return new ProviderRpcError(-32603, error.shortMessage, { ...cause, data })
}
