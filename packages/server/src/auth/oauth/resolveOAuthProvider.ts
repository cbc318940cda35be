import { ApiError } from '@satchel/core'
import type { OpenAppSettingsContext } from '../../identity/apps/openAppSettings'
import type { App } from '../../identity/apps/types'
import { BUILT_IN_OAUTH_PROVIDERS, type OAuthProviderEndpoints } from './builtInOAuthProviders'
import { discoverOidcIssuer } from './discoverOidcIssuer'
import { getOAuthProviderSettings, type OAuthProviderSettings } from './oauthSettings'

/** Everything a login with one provider of one app needs: endpoints, client and defaults merged. */
export type ResolvedOAuthProvider = OAuthProviderEndpoints & {
  name: string
  /** The linked-account type: `google_oauth`, `github_oauth`, ... */
  accountType: string
  clientId: string
  clientSecret: string | undefined
  apple: OAuthProviderSettings['apple']
}

export type ResolveOAuthProviderErrorType = ApiError

/**
 * The provider as this app configured it: the built-in table (if the name is built in), then the
 * issuer's discovery document (if an issuer is set), then any URL the settings give explicitly.
 * A provider with neither a built-in entry, an issuer nor all of its URLs is not usable
 * (`disallowed_login_method`).
 *
 * @example
 * const google = await resolveOAuthProvider(ctx, app, 'google')
 * google.accountType // 'google_oauth'
 */
export async function resolveOAuthProvider(
  ctx: OpenAppSettingsContext,
  app: App,
  name: string,
): Promise<ResolvedOAuthProvider> {
  const settings = getOAuthProviderSettings(ctx, app, name)
  const builtIn = Object.hasOwn(BUILT_IN_OAUTH_PROVIDERS, name) ? BUILT_IN_OAUTH_PROVIDERS[name] : undefined
  const discovered = settings.issuer ? await discoverOidcIssuer(settings.issuer) : undefined

  const authorizationUrl =
    settings.authorizationUrl ?? discovered?.authorization_endpoint ?? builtIn?.authorizationUrl
  const tokenUrl = settings.tokenUrl ?? discovered?.token_endpoint ?? builtIn?.tokenUrl
  const userinfoUrl = settings.userinfoUrl ?? discovered?.userinfo_endpoint ?? builtIn?.userinfoUrl
  const jwksUrl = settings.jwksUrl ?? discovered?.jwks_uri ?? builtIn?.oidc?.jwksUrl
  const issuers = discovered ? [discovered.issuer] : (builtIn?.oidc?.issuers ?? [])
  if (!authorizationUrl || !tokenUrl || (!userinfoUrl && !(jwksUrl && issuers.length > 0)))
    throw new ApiError('disallowed_login_method', {
      message: 'This OAuth provider is not enabled for the app',
    })

  // Basic is the OAuth default; an issuer that does not offer it gets the secret in the form instead.
  const discoveredMethods = discovered?.token_endpoint_auth_methods_supported
  const tokenEndpointAuthMethod =
    settings.tokenEndpointAuthMethod ??
    builtIn?.tokenEndpointAuthMethod ??
    (discoveredMethods && !discoveredMethods.includes('client_secret_basic')
      ? 'client_secret_post'
      : 'client_secret_basic')

  return {
    name,
    accountType: `${name}_oauth`,
    authorizationUrl,
    tokenUrl,
    ...(userinfoUrl ? { userinfoUrl } : {}),
    ...(jwksUrl && issuers.length > 0 ? { oidc: { jwksUrl, issuers } } : {}),
    scopes: settings.scopes ?? builtIn?.scopes ?? ['openid', 'email', 'profile'],
    tokenEndpointAuthMethod,
    responseMode: settings.responseMode ?? builtIn?.responseMode ?? 'query',
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    apple: settings.apple,
  }
}
