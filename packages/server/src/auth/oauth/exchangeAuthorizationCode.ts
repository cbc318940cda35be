import { ApiError } from '@satchel/core'
import { importPKCS8, SignJWT } from 'jose'
import { z } from 'zod'
import { fetchProviderJson } from './fetchProviderJson'
import type { ResolvedOAuthProvider } from './resolveOAuthProvider'
import { toOAuthProviderError } from './toOAuthProviderError'

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  id_token: z.string().min(1).optional(),
})
const errorResponseSchema = z.object({ error: z.string().min(1).max(128) })

export type ExchangeAuthorizationCodeParameters = {
  code: string
  codeVerifier: string
  /** The exact redirect_uri the authorization request used (the provider compares them). */
  redirectUri: string
  now: number
}

export type ExchangeAuthorizationCodeReturnType = { accessToken: string; idToken: string | undefined }

export type ExchangeAuthorizationCodeErrorType = ApiError

/**
 * Trades an authorization code and the client's PKCE verifier for tokens at the provider's token
 * endpoint, authenticating as the app's client. A provider refusal is mapped by
 * {@link toOAuthProviderError}, so a suspended account answers `oauth_account_suspended`.
 *
 * @example
 * const { accessToken, idToken } = await exchangeAuthorizationCode(google, { code, codeVerifier, redirectUri, now: Date.now() })
 */
export async function exchangeAuthorizationCode(
  provider: ResolvedOAuthProvider,
  { code, codeVerifier, redirectUri, now }: ExchangeAuthorizationCodeParameters,
): Promise<ExchangeAuthorizationCodeReturnType> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
  })
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  const secret = await clientSecret(provider, now)
  if (secret !== undefined && provider.tokenEndpointAuthMethod === 'client_secret_basic') {
    // RFC 6749 2.3.1: both halves are form-encoded before they are joined and base64-encoded.
    const credentials = `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(secret)}`
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`
  } else {
    form.set('client_id', provider.clientId)
    if (secret !== undefined) form.set('client_secret', secret)
  }
  const { status, body } = await fetchProviderJson(provider.tokenUrl, { method: 'POST', headers, body: form })
  // GitHub answers errors with 200, so the error field is read before the status.
  const failed = errorResponseSchema.safeParse(body)
  if (failed.success) throw toOAuthProviderError(failed.data.error)
  const tokens = tokenResponseSchema.safeParse(body)
  if (status !== 200 || !tokens.success)
    throw new ApiError('invalid_credentials', { message: 'The OAuth provider refused the login' })
  return { accessToken: tokens.data.access_token, idToken: tokens.data.id_token }
}

/**
 * Apple's client secret is a short-lived ES256 JWT signed with the team's key; every other provider
 * has a static secret (or none: a public client relies on PKCE alone).
 */
async function clientSecret(provider: ResolvedOAuthProvider, now: number): Promise<string | undefined> {
  if (!provider.apple) return provider.clientSecret
  const key = await importPKCS8(provider.apple.privateKeyPem, 'ES256')
  const issuedAt = Math.floor(now / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: provider.apple.keyId })
    .setIssuer(provider.apple.teamId)
    .setSubject(provider.clientId)
    .setAudience('https://appleid.apple.com')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 300)
    .sign(key)
}
