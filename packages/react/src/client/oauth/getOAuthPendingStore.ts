import type { SatchelClient } from '../createSatchelClient'
import type { SatchelStorage } from '../tokens/storage'

/** What the tab that starts an OAuth round trip keeps until the provider sends the user back. */
export type OAuthPending = {
  codeVerifier: string
  stateCode: string
  provider: string
  /** Sign in (`/oauth/authenticate`) or add the account to the signed-in user (`/oauth/link`). */
  intent: 'login' | 'link'
  /** Started from the login modal: the provider reopens it on return to show how it ended. */
  fromModal?: boolean | undefined
}

/**
 * Where a tab keeps its pending OAuth round trip: sessionStorage (per tab, survives the trip to the
 * provider, gone when the tab closes), or the client's storage outside a browser.
 *
 * @example
 * const { store, key } = getOAuthPendingStore(client)
 * await store.getItem(key)
 */
export function getOAuthPendingStore(client: Pick<SatchelClient, 'appId' | 'storage'>): {
  store: SatchelStorage
  key: string
} {
  return {
    store: typeof sessionStorage === 'undefined' ? client.storage : sessionStorage,
    key: `satchel:${client.appId}:oauth`,
  }
}
