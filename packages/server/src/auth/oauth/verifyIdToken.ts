import { ApiError } from '@satchel/core'
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose'
import { secretsEqual } from '../../platform/crypto/tokens'
import { OAUTH_PROVIDER_TIMEOUT_MS } from './fetchProviderJson'

// Asymmetric algorithms only: an id_token MACed with the client secret (HS256) would be one the app's
// own servers could forge, and "none" is never acceptable.
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

export type VerifyIdTokenParameters = {
  jwksUrl: string
  issuers: string[]
  clientId: string
  /** The nonce sent in the authorization request: the id_token must carry it (no token replay). */
  nonce: string
  now: number
}

export type VerifyIdTokenErrorType = ApiError

/**
 * Verifies an OpenID id_token: signature against the issuer's JWKS (fetched and cached by jose,
 * refetched when a new key id appears), issuer, audience = our client id, expiry on the server
 * clock, and the nonce. Returns the claims.
 *
 * @example
 * const claims = await verifyIdToken(idToken, { jwksUrl, issuers: [issuer], clientId, nonce, now: Date.now() })
 */
export async function verifyIdToken(
  idToken: string,
  parameters: VerifyIdTokenParameters,
): Promise<JWTPayload> {
  const { jwksUrl, issuers, clientId, nonce, now } = parameters
  let keySet = keySets.get(jwksUrl)
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: OAUTH_PROVIDER_TIMEOUT_MS })
    keySets.set(jwksUrl, keySet)
  }
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(idToken, keySet, {
      issuer: issuers,
      audience: clientId,
      algorithms: ALGORITHMS,
      currentDate: new Date(now),
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat'],
    }))
  } catch (cause) {
    // A key set that cannot be fetched says nothing about the token; everything else is a bad token.
    if (cause instanceof errors.JWKSTimeout || !(cause instanceof errors.JOSEError))
      throw new ApiError('service_unavailable', {
        message: 'The OpenID provider keys could not be read',
        cause,
      })
    throw invalidIdToken()
  }
  if (typeof payload.nonce !== 'string' || !secretsEqual(payload.nonce, nonce)) throw invalidIdToken()
  // With several audiences, the token must say it was issued to us (OpenID Connect Core 3.1.3.7).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) throw invalidIdToken()
  return payload
}

function invalidIdToken() {
  return new ApiError('invalid_credentials', { message: 'The id_token from the OAuth provider is not valid' })
}
