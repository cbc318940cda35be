import type { SatchelClient } from '../createSatchelClient'
import { type StartOAuthRedirectParameters, startOAuthRedirect } from '../oauth/startOAuthRedirect'
import { takeOAuthReturn } from '../oauth/takeOAuthReturn'
import type { SatchelUser } from '../types'
import { submitLinkRequest } from './submitLinkRequest'

export type StartOAuthLinkParameters = StartOAuthRedirectParameters

/**
 * Starts adding a social account to the signed-in user: the same round trip as a login (PKCE and a
 * state kept for this tab), remembered as a link, so the return goes to `/api/v1/oauth/link`. By
 * redirect by default (`<SatchelProvider>` finishes it on return, or call {@link completeOAuthLink});
 * with `popup: true` it resolves with the updated user once the account is linked.
 *
 * @throws {FeatureNotAvailableError} while the server has no OAuth routes.
 * @example
 * await startOAuthLink(client, { provider: 'github' })
 */
export async function startOAuthLink(
  client: SatchelClient,
  parameters: StartOAuthLinkParameters,
): Promise<SatchelUser | undefined> {
  const outcome = await startOAuthRedirect(client, { ...parameters, intent: 'link' })
  return outcome.via === 'popup' ? completeOAuthLink(client, { url: outcome.returnUrl }) : undefined
}

/**
 * Finishes a link started by {@link startOAuthLink} on the page the provider sent the user back to;
 * undefined when this tab started no link or the URL has no answer. An account that already belongs
 * to another user is refused with `linked_to_another_user`.
 *
 * @example
 * const user = await completeOAuthLink(client) // on the return page
 */
export async function completeOAuthLink(
  client: SatchelClient,
  { url = globalThis.location?.href }: { url?: string | undefined } = {},
): Promise<SatchelUser | undefined> {
  if (!url) return undefined
  const returned = await takeOAuthReturn(client, { url, intent: 'link' })
  if (!returned) return undefined
  const provider = returned.body.provider ?? 'social'
  return submitLinkRequest(client, {
    feature: `Linking a ${provider} account`,
    path: '/api/v1/oauth/link',
    body: returned.body,
  })
}
