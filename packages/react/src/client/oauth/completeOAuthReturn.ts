import { completeOAuthLink } from '../actions/linkOAuth'
import { completeOAuthLogin } from '../actions/loginWithOAuth'
import type { SatchelClient } from '../createSatchelClient'
import type { OAuthPending } from './getOAuthPendingStore'
import { peekOAuthPending } from './peekOAuthPending'

/**
 * On page load: finishes the OAuth round trip this tab started (a login or a link), when the URL
 * carries the provider's answer. `onStart` hears which one before the server is asked, so a page can
 * show the wait (the modal reopens for a login started from it). Undefined when there was nothing
 * to finish.
 *
 * @example
 * const finished = await completeOAuthReturn(client, { onStart: (pending) => showSpinner(pending.provider) })
 */
export async function completeOAuthReturn(
  client: SatchelClient,
  {
    url = globalThis.location?.href,
    onStart,
  }: { url?: string | undefined; onStart?: ((pending: OAuthPending) => void) | undefined } = {},
): Promise<{ intent: OAuthPending['intent'] } | undefined> {
  const pending = await peekOAuthPending(client)
  if (!pending || !url || !new URL(url).searchParams.has('state')) return undefined
  onStart?.(pending)
  // A link is made as the signed-in user: the stored session must be back first.
  await client.start()
  if (pending.intent === 'link')
    return (await completeOAuthLink(client, { url })) ? { intent: 'link' } : undefined
  return (await completeOAuthLogin(client, { url })) ? { intent: 'login' } : undefined
}
