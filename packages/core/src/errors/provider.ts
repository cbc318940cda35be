import { BaseError } from './BaseError'

export type ProviderRpcErrorParameters = {
  /** Replaces the standard message for the code. */
  message?: string | undefined
  /** Extra data for the dApp, sent as the JSON-RPC error's `data`. Never a secret. */
  data?: unknown
  details?: string | undefined
  cause?: unknown
}

/**
 * An EIP-1193 / EIP-1474 provider error: what an embedded wallet's `request()` rejects with, and
 * what goes back to a dApp as a JSON-RPC error. Each standard code has its own subclass below.
 *
 * @example
 * throw new ProviderRpcError(4001, 'User rejected the request')
 */
export class ProviderRpcError extends BaseError {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, parameters: Omit<ProviderRpcErrorParameters, 'message'> = {}) {
    super(message, { details: parameters.details, cause: parameters.cause })
    this.code = code
    this.data = parameters.data
  }

  /** The JSON-RPC error object (`{code, message, data?}`) a dApp receives. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.shortMessage }
      : { code: this.code, message: this.shortMessage, data: this.data }
  }
}

/**
 * The user declined the request in the wallet's UI (EIP-1193 4001).
 *
 * @example
 * throw new UserRejectedRequestError()
 */
export class UserRejectedRequestError extends ProviderRpcError {
  static readonly code = 4001
  override name = 'UserRejectedRequestError'

  constructor({ message = 'User rejected the request', ...parameters }: ProviderRpcErrorParameters = {}) {
    super(UserRejectedRequestError.code, message, parameters)
  }
}

/**
 * The method or account has not been authorised by the user (EIP-1193 4100).
 *
 * @example
 * throw new UnauthorizedError()
 */
export class UnauthorizedError extends ProviderRpcError {
  static readonly code = 4100
  override name = 'UnauthorizedError'

  constructor({
    message = 'The requested method and/or account has not been authorized by the user',
    ...parameters
  }: ProviderRpcErrorParameters = {}) {
    super(UnauthorizedError.code, message, parameters)
  }
}

/**
 * The provider does not implement the method (EIP-1193 4200).
 *
 * @example
 * throw new UnsupportedMethodError({ details: 'eth_sign is not supported; use personal_sign.' })
 */
export class UnsupportedMethodError extends ProviderRpcError {
  static readonly code = 4200
  override name = 'UnsupportedMethodError'

  constructor({
    message = 'The provider does not support the requested method',
    ...parameters
  }: ProviderRpcErrorParameters = {}) {
    super(UnsupportedMethodError.code, message, parameters)
  }
}

/**
 * The provider is not connected to any chain (EIP-1193 4900).
 *
 * @example
 * throw new DisconnectedError()
 */
export class DisconnectedError extends ProviderRpcError {
  static readonly code = 4900
  override name = 'DisconnectedError'

  constructor({
    message = 'The provider is disconnected from all chains',
    ...parameters
  }: ProviderRpcErrorParameters = {}) {
    super(DisconnectedError.code, message, parameters)
  }
}

/**
 * The provider is not connected to the requested chain (EIP-1193 4901).
 *
 * @example
 * throw new ChainDisconnectedError()
 */
export class ChainDisconnectedError extends ProviderRpcError {
  static readonly code = 4901
  override name = 'ChainDisconnectedError'

  constructor({
    message = 'The provider is not connected to the requested chain',
    ...parameters
  }: ProviderRpcErrorParameters = {}) {
    super(ChainDisconnectedError.code, message, parameters)
  }
}

/**
 * The method's parameters are invalid (EIP-1474 -32602).
 *
 * @example
 * throw new InvalidParamsError({ details: 'personal_sign expects [message, address].' })
 */
export class InvalidParamsError extends ProviderRpcError {
  static readonly code = -32602
  override name = 'InvalidParamsError'

  constructor({
    message = 'Invalid parameters were provided to the RPC method',
    ...parameters
  }: ProviderRpcErrorParameters = {}) {
    super(InvalidParamsError.code, message, parameters)
  }
}

/**
 * The requested resource is not available right now (EIP-1474 -32002), for example a request
 * already waiting for the user's answer.
 *
 * @example
 * throw new ResourceUnavailableError()
 */
export class ResourceUnavailableError extends ProviderRpcError {
  static readonly code = -32002
  override name = 'ResourceUnavailableError'

  constructor({
    message = 'Requested resource not available',
    ...parameters
  }: ProviderRpcErrorParameters = {}) {
    super(ResourceUnavailableError.code, message, parameters)
  }
}
