import { ApiError } from '@satchel/core'
import { z } from 'zod'
import { type OpenAppSettingsContext, openAppSettings } from '../../identity/apps/openAppSettings'
import type { App } from '../../identity/apps/types'

/**
 * One provider's settings in `app.settings.oauth.providers.<name>`. A built-in provider (google, apple,
 * github, discord, twitter) needs only its client; any URL given overrides the built-in table (tests
 * point them at a loopback provider). Any other name is a generic provider: an OpenID `issuer` found
 * through discovery, or explicit authorization, token and userinfo URLs.
 */
export const oauthProviderSettingsSchema = z.object({
  clientId: z.string().min(1),
  /** Required except for Apple with a signing key (the secret is then minted per exchange). */
  clientSecret: z.string().min(1).optional(),
  scopes: z.array(z.string().min(1)).optional(),
  /** An OpenID issuer: its discovery document supplies the endpoints and the id_token keys. */
  issuer: z.url().optional(),
  authorizationUrl: z.url().optional(),
  tokenUrl: z.url().optional(),
  userinfoUrl: z.url().optional(),
  jwksUrl: z.url().optional(),
  tokenEndpointAuthMethod: z.enum(['client_secret_basic', 'client_secret_post']).optional(),
  /** `form_post` makes the provider POST to Satchel's `/api/v1/oauth/callback`, which redirects on. */
  responseMode: z.enum(['query', 'form_post']).optional(),
  /** Sign in with Apple: the client secret is an ES256 JWT made from the team's key, 5 minutes at a time. */
  apple: z
    .object({ teamId: z.string().min(1), keyId: z.string().min(1), privateKeyPem: z.string().min(1) })
    .optional(),
})

export type OAuthProviderSettings = z.output<typeof oauthProviderSettingsSchema>

const oauthSettingsSchema = z.object({ providers: z.record(z.string(), z.unknown()).default({}) })

export type GetOAuthProviderSettingsErrorType = ApiError

/**
 * The app's settings for one provider, with its client secret (or Apple signing key) opened: they are
 * sealed at rest, so call this where they are used and keep the result no longer than the request.
 * A provider the app has not configured is a login method the app does not offer
 * (`disallowed_login_method`); so is a malformed entry, which is an operator mistake that must not
 * surface as a crash on a user's login.
 *
 * @example
 * const settings = getOAuthProviderSettings(ctx, app, 'google') // { clientId, clientSecret, ... }
 */
export function getOAuthProviderSettings(
  ctx: OpenAppSettingsContext,
  app: App,
  provider: string,
): OAuthProviderSettings {
  const notConfigured = new ApiError('disallowed_login_method', {
    message: 'This OAuth provider is not enabled for the app',
  })
  if (!app.loginMethods.includes('oauth')) throw new ApiError('disallowed_login_method')
  const all = oauthSettingsSchema.safeParse(app.settings.oauth ?? {})
  if (!all.success || !Object.hasOwn(all.data.providers, provider)) throw notConfigured
  const parsed = oauthProviderSettingsSchema.safeParse(
    openAppSettings(ctx, app, ['oauth', 'providers', provider]),
  )
  if (!parsed.success) throw notConfigured
  return parsed.data
}
