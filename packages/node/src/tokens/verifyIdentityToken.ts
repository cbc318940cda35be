import { z } from 'zod'
import type { SatchelNodeContext } from '../types'
import { invalidToken } from './invalidToken'
import type { IdentityTokenClaims, LinkedAccount } from './types'
import { verifySatchelToken } from './verifySatchelToken'

const identityClaimsSchema = z.object({
  sub: z.string().min(1),
  aud: z.string(),
  iss: z.string(),
  iat: z.number(),
  exp: z.number(),
  linked_accounts: z.string(),
})

const linkedAccountsSchema = z.array(
  z.looseObject({ type: z.string(), verified_at: z.number(), first_verified_at: z.number() }),
)

/**
 * Verifies an identity token (the SDK's `identityToken`, or `identity_token` from the API) against
 * the app's key set and answers the user with their linked accounts, so a backend learns a user's
 * email or wallet address without calling the server.
 *
 * @throws {ApiError} `missing_or_invalid_token`: forged, expired, another app's, or an access token.
 * @throws {NetworkError} when the app's key set cannot be fetched.
 * @example
 * const { userId, linkedAccounts } = await verifyIdentityToken(context, identityToken)
 * const email = linkedAccounts.find((account) => account.type === 'email')?.address
 */
export async function verifyIdentityToken(
  context: SatchelNodeContext,
  token: unknown,
): Promise<IdentityTokenClaims> {
  const payload = await verifySatchelToken(context, token)
  // Both kinds are signed with the same key: the claims tell them apart.
  if ('sid' in payload) throw invalidToken('An access token is not an identity token')
  const claims = identityClaimsSchema.safeParse(payload)
  if (!claims.success) throw invalidToken('The token is not an identity token')
  let parsed: unknown
  try {
    parsed = JSON.parse(claims.data.linked_accounts)
  } catch (cause) {
    throw invalidToken('The token\'s "linked_accounts" claim is not JSON', cause)
  }
  const accounts = linkedAccountsSchema.safeParse(parsed)
  if (!accounts.success) throw invalidToken('The token\'s "linked_accounts" claim is not a list of accounts')
  return {
    userId: claims.data.sub,
    appId: claims.data.aud,
    issuer: claims.data.iss,
    issuedAt: claims.data.iat,
    expiresAt: claims.data.exp,
    linkedAccounts: accounts.data.map(toLinkedAccount),
  }
}

/** The API's snake_case account as the SDK shows it: every field name camelCased. */
function toLinkedAccount({
  type,
  verified_at,
  first_verified_at,
  ...fields
}: z.infer<typeof linkedAccountsSchema>[number]): LinkedAccount {
  const camelCased = Object.entries(fields).map(([key, value]) => [
    key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()),
    value,
  ])
  return {
    ...Object.fromEntries(camelCased),
    type,
    verifiedAt: verified_at,
    firstVerifiedAt: first_verified_at,
  }
}
