// @satchel/core/errors: the error classes and the catalogue alone, for code that needs nothing else
// from core (a server verifying tokens loads these few modules instead of viem, the chains, QR and the
// phone metadata the main entry brings: 0.07 s instead of 0.75 s to import in Node 20).
export { ApiError, type ApiErrorParameters } from './ApiError'
export { BaseError, type BaseErrorParameters } from './BaseError'
export { type ApiErrorCode, apiErrors, isApiErrorCode } from './catalogue'
export { NetworkError, type NetworkErrorKind, networkErrorMessages } from './NetworkError'
