import { requireFeature } from '../actions/requireFeature'
import type { SatchelClient } from '../createSatchelClient'
import { randomBase64Url, toBase64Url } from '../encoding'
import { readString } from '../parse'
import { getOAuthPendingStore, type OAuthPending } from './getOAuthPendingStore'
import { openOAuthPopup } from './openOAuthPopup'

export type StartOAuthRedirectParameters = {
  /** `google`, `github`, `apple`, ... as enabled for the app. */
  provider: string
  /** Where the provider sends the user back. Default: this page. */
  redirectTo?: string | undefined
  /** Called with the provider's URL instead of navigating to it (native apps, tests). */
  navigate?: ((url: string) => void) | undefined
  /**
   * Opens the provider in a popup and stays on this page; when the browser blocks the popup, the
   * page redirects instead. Call it straight from the click (a popup needs the user's gesture).
   */
  popup?: boolean | undefined
}

/** How the round trip went on: the page left for the provider, or the popup came back with this URL. */
export type OAuthRedirectOutcome = { via: 'redirect' } | { via: 'popup'; returnUrl: string }

/**
 * The first half of every OAuth round trip (login or link): a PKCE verifier and a state, kept for
 * this tab, `POST /api/v1/oauth/init`, then the browser goes to the provider, by redirect or in a
 * popup. The popup is opened before the first await, inside the click's task.
 *
 * @throws {FeatureNotAvailableError} while the server has no OAuth routes.
 * @example
 * await startOAuthRedirect(client, { provider: 'google', intent: 'login' })
 */
export async function startOAuthRedirect(
  client: SatchelClient,
  {
    provider,
    redirectTo,
    navigate,
    popup: wantsPopup,
    intent,
    fromModal,
  }: StartOAuthRedirectParameters & Pick<OAuthPending, 'intent' | 'fromModal'>,
): Promise<OAuthRedirectOutcome> {
  const popup = wantsPopup && !navigate ? openOAuthPopup() : undefined
  try {
    const codeVerifier = randomBase64Url(32)
    const stateCode = randomBase64Url(16)
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier))
    const answer = await requireFeature(`Sign-in with ${provider}`, () =>
      client.request({
        method: 'POST',
        path: '/api/v1/oauth/init',
        body: {
          provider,
          redirectTo: redirectTo ?? globalThis.location?.href,
          codeChallenge: toBase64Url(new Uint8Array(digest)),
          stateCode,
        },
      }),
    )
    const url = readString(answer, 'url', '/api/v1/oauth/init')
    const pending: OAuthPending = {
      codeVerifier,
      stateCode,
      provider,
      intent,
      ...(fromModal && !popup ? { fromModal } : {}),
    }
    const { store, key } = getOAuthPendingStore(client)
    await store.setItem(key, JSON.stringify(pending))
    if (popup) {
      popup.navigate(url)
      return { via: 'popup', returnUrl: await popup.waitForReturn() }
    }
    if (navigate) navigate(url)
    else globalThis.location.assign(url)
    return { via: 'redirect' }
  } catch (error) {
    popup?.close()
    throw error
  }
}
