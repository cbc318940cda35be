import { z } from 'zod'
import type { SatchelNodeContext } from '../types'
import { invalidToken } from './invalidToken'
import type { AccessTokenClaims } from './types'
import { verifySatchelToken } from './verifySatchelToken'

const accessClaimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  aud: z.string(),
  iss: z.string(),
  iat: z.number(),
  exp: z.number(),
})

/**
 * Verifies an access token (what the SDK sends as `Authorization: Bearer ...`) against the app's key
 * set and answers who is signed in. It proves the server issued the token for this app and that it
 * has not expired; whether the user has since logged out is the server's to know (tokens live an
 * hour by default).
 *
 * @throws {ApiError} `missing_or_invalid_token`: forged, expired, another app's, or an identity token.
 * @throws {NetworkError} when the app's key set cannot be fetched.
 * @example
 * const { userId } = await verifyAccessToken(context, request.headers.authorization?.slice(7))
 */
export async function verifyAccessToken(
  context: SatchelNodeContext,
  token: unknown,
): Promise<AccessTokenClaims> {
  const payload = await verifySatchelToken(context, token)
  // Both kinds are signed with the same key: the claims tell them apart.
  if ('linked_accounts' in payload) throw invalidToken('An identity token is not an access token')
  const claims = accessClaimsSchema.safeParse(payload)
  if (!claims.success) throw invalidToken('The token is not an access token')
  return {
    userId: claims.data.sub,
    sessionId: claims.data.sid,
    appId: claims.data.aud,
    issuer: claims.data.iss,
    issuedAt: claims.data.iat,
    expiresAt: claims.data.exp,
  }
}
