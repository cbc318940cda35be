import { decodeJwt, errors, type JWTPayload } from 'jose'

/** The claims of a decoded token (`sub`, `sid`, `iss`, `aud`, `iat`, `exp`, ... and any other). */
export type DecodedTokenPayload = JWTPayload

/**
 * Reads the payload of a compact JWS (an access or identity token) without verifying it: for showing
 * who is signed in and when the token expires. Never use the result to grant access: the server
 * verifies the signature.
 *
 * Errors are jose's `JWTInvalid` (`code: 'ERR_JWT_INVALID'`) with the spec's messages, word for word:
 * `JWTs must use Compact JWS serialization, JWT must be a string`, `Invalid JWT`, `Only JWTs using
 * Compact JWS serialization can be decoded` (5 parts: an encrypted JWE), `JWTs must contain a payload`,
 * `Failed to base64url decode the payload`, `Failed to parse the decoded payload as JSON` and
 * `Invalid JWT Claims Set`. None of them contains the token.
 *
 * @example
 * const { sub, exp } = decodeToken(accessToken)
 */
export function decodeToken(token: unknown): DecodedTokenPayload {
  // jose types its argument as a string; the same check (and message) is made here so untrusted
  // input (storage, a URL) can be passed without a cast.
  if (typeof token !== 'string') {
    throw new errors.JWTInvalid('JWTs must use Compact JWS serialization, JWT must be a string')
  }
  return decodeJwt(token)
}
