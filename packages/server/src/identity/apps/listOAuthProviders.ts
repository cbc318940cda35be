import { z } from 'zod'
import type { App } from './types'

/** Provider names become account types (`<name>_oauth`), so they are short lower-case identifiers. */
export const oauthProviderNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9]{1,31}$/, 'a provider name such as google')

/**
 * The social providers an app offers, by name (`google`, `github`, ...), for its public
 * configuration: a login modal shows one button each. Only the names: each provider's client
 * settings (and sealed secret) stay on the server. None while the app has OAuth off.
 *
 * @example
 * listOAuthProviders(app) // ['google', 'github']
 */
export function listOAuthProviders(app: App): string[] {
  if (!app.loginMethods.includes('oauth')) return []
  const oauth = app.settings.oauth
  const providers =
    typeof oauth === 'object' && oauth !== null && 'providers' in oauth ? oauth.providers : undefined
  if (typeof providers !== 'object' || providers === null) return []
  return Object.keys(providers).filter((name) => oauthProviderNameSchema.safeParse(name).success)
}
