import { ApiError } from '@satchel/core'
import { z } from 'zod'
import { fetchProviderJson } from './fetchProviderJson'

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional(),
  jwks_uri: z.url(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
})

export type OidcDiscovery = z.output<typeof discoverySchema>

// Discovery documents change rarely; an hour keeps a login to one token call and one JWKS fetch.
const CACHE_MS = 60 * 60 * 1000
const cache = new Map<string, { document: OidcDiscovery; expiresAt: number }>()

export type DiscoverOidcIssuerErrorType = ApiError

/**
 * An OpenID issuer's discovery document (`<issuer>/.well-known/openid-configuration`), cached for an
 * hour. The document must name the same issuer it was fetched for (OpenID Connect Discovery 4.3):
 * otherwise one provider could pose as another and its id_tokens would pass for the other's.
 *
 * @example
 * const { token_endpoint, jwks_uri } = await discoverOidcIssuer('https://accounts.google.com')
 */
export async function discoverOidcIssuer(issuer: string): Promise<OidcDiscovery> {
  const cached = cache.get(issuer)
  if (cached && cached.expiresAt > Date.now()) return cached.document
  const { status, body } = await fetchProviderJson(
    `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
  )
  const parsed = discoverySchema.safeParse(body)
  if (status !== 200 || !parsed.success || parsed.data.issuer !== issuer)
    throw new ApiError('service_unavailable', {
      message: 'The OpenID provider configuration could not be read',
    })
  cache.set(issuer, { document: parsed.data, expiresAt: Date.now() + CACHE_MS })
  return parsed.data
}
