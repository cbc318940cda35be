import { NetworkError } from '@satchel/core/errors'
import { errors, type JWTPayload, jwtVerify } from 'jose'
import type { SatchelNodeContext } from '../types'
import { invalidToken } from './invalidToken'

/** Longer than any token the server mints; a bigger input is refused before it is parsed. */
const MAX_TOKEN_LENGTH = 16_384

/**
 * Checks a token the way the Satchel server does: ES256 only (so `alg: none` and HS256 forgeries made
 * with the public key fail), a key from this app's own key set (so another app's token fails), the
 * app as audience, the server's issuer, not expired. Returns the payload, not yet shaped.
 *
 * @throws {ApiError} `missing_or_invalid_token`, with a detail line saying why (never the token).
 * @throws {NetworkError} when the app's key set cannot be fetched.
 * @example
 * const payload = await verifySatchelToken(context, token)
 */
export async function verifySatchelToken(context: SatchelNodeContext, token: unknown): Promise<JWTPayload> {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH)
    throw invalidToken('No token, or not a string of the size of one')
  try {
    const { payload } = await jwtVerify(token, context.jwks, {
      algorithms: ['ES256'],
      audience: context.appId,
      issuer: context.issuer,
      clockTolerance: context.clockToleranceSeconds,
      requiredClaims: ['sub', 'iat', 'exp'],
    })
    return payload
  } catch (error) {
    throw toVerificationError(error, context)
  }
}

function toVerificationError(error: unknown, context: SatchelNodeContext): Error {
  if (error instanceof errors.JWTExpired) return invalidToken('The token has expired', error)
  if (error instanceof errors.JWTClaimValidationFailed)
    return invalidToken(`The token's "${error.claim}" claim does not match this app`, error)
  if (error instanceof errors.JWKSTimeout)
    return new NetworkError('timeout', {
      details: `The app's key set did not arrive within ${context.timeoutMs} ms`,
      cause: error,
    })
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JOSENotSupported
  )
    return invalidToken("The token was not signed by this app's Satchel server", error)
  // Anything else happened while fetching the key set: the server was not reached, or did not
  // answer a key set (a wrong serverUrl or appId answers 404).
  return new NetworkError('failed', {
    details: `Could not load the app's key set from ${context.serverUrl}/api/v1/apps/${context.appId}/jwks.json`,
    cause: error,
  })
}
