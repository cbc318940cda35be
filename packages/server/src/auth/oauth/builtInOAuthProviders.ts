/** The endpoints and defaults of a provider Satchel knows without configuration. */
export type OAuthProviderEndpoints = {
  authorizationUrl: string
  tokenUrl: string
  /** Profile lookup with the access token; for OpenID providers only when the id_token lacks a profile. */
  userinfoUrl?: string
  /** OpenID providers: the id_token is verified against these keys and issuers. */
  oidc?: { jwksUrl: string; issuers: string[] }
  scopes: string[]
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post'
  responseMode: 'query' | 'form_post'
}

/**
 * The built-in providers, from each provider's own documentation. Google and Apple are OpenID
 * providers (the identity comes from a verified id_token); GitHub, Discord and X are plain OAuth 2
 * (the identity comes from their user API, called with the access token).
 */
export const BUILT_IN_OAUTH_PROVIDERS: Readonly<Record<string, OAuthProviderEndpoints>> = {
  google: {
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    // Google documents both spellings of its issuer in id_tokens.
    oidc: {
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
    },
    scopes: ['openid', 'email', 'profile'],
    tokenEndpointAuthMethod: 'client_secret_post',
    responseMode: 'query',
  },
  apple: {
    authorizationUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    oidc: { jwksUrl: 'https://appleid.apple.com/auth/keys', issuers: ['https://appleid.apple.com'] },
    scopes: ['openid', 'email', 'name'],
    tokenEndpointAuthMethod: 'client_secret_post',
    // Apple requires form_post whenever the name or email scope is asked for.
    responseMode: 'form_post',
  },
  github: {
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    tokenEndpointAuthMethod: 'client_secret_post',
    responseMode: 'query',
  },
  discord: {
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    tokenEndpointAuthMethod: 'client_secret_basic',
    responseMode: 'query',
  },
  twitter: {
    authorizationUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
    // X accepts confidential clients only with HTTP Basic at the token endpoint.
    tokenEndpointAuthMethod: 'client_secret_basic',
    responseMode: 'query',
  },
}
