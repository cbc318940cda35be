import type { SatchelClient } from '../createSatchelClient'
import { type StartOAuthRedirectParameters, startOAuthRedirect } from '../oauth/startOAuthRedirect'
import { takeOAuthReturn } from '../oauth/takeOAuthReturn'
import type { AuthenticatedUser, LoginMode } from '../types'
import { submitLoginRequest } from './submitLoginRequest'

export type StartOAuthLoginParameters = StartOAuthRedirectParameters & {
  /** Internal: the modal reopens after the redirect to show how the login ended. */
  fromModal?: boolean | undefined
}

/**
 * Starts sign-in with a social account: makes a PKCE verifier and a state, keeps them for this tab,
 * and sends the browser to the provider by redirect (nothing to block). With `popup: true` the
 * provider opens in a popup and this resolves once the user is signed in; a blocked popup falls
 * back to the redirect.
 *
 * @throws {FeatureNotAvailableError} while the server has no OAuth routes.
 * @example
 * await startOAuthLogin(client, { provider: 'google' })
 */
export async function startOAuthLogin(
  client: SatchelClient,
  parameters: StartOAuthLoginParameters,
): Promise<void> {
  const outcome = await startOAuthRedirect(client, { ...parameters, intent: 'login' })
  if (outcome.via === 'popup') await completeOAuthLogin(client, { url: outcome.returnUrl })
}

/**
 * Finishes a sign-in started by {@link startOAuthLogin} when the page loads with the provider's answer
 * in its URL; answers undefined when this tab started none or the URL has no answer. The state must
 * match the one this tab made; a refusal at the provider (`error`) is passed to the server, which
 * answers it with its catalogued code (`oauth_user_denied`, ...).
 *
 * @example
 * const result = await completeOAuthLogin(client) // on the redirect page
 */
export async function completeOAuthLogin(
  client: SatchelClient,
  {
    url = globalThis.location?.href,
    mode = 'login-or-sign-up',
  }: { url?: string | undefined; mode?: LoginMode | undefined } = {},
): Promise<AuthenticatedUser | undefined> {
  if (!url) return undefined
  const returned = await takeOAuthReturn(client, { url, intent: 'login' })
  if (!returned) return undefined
  return submitLoginRequest(client, { path: '/api/v1/oauth/authenticate', body: { ...returned.body, mode } })
}
