import { ApiError } from '@satchel/core'
import type { SatchelClient } from '../createSatchelClient'
import { getOAuthPendingStore, type OAuthPending } from './getOAuthPendingStore'
import { peekOAuthPending } from './peekOAuthPending'

// The provider (or the server's form_post callback) sends the user back with the standard parameters.
const CODE = 'code'
const STATE = 'state'
const ERROR = 'error'
// The rest of the answer, which only the provider's round trip needed (RFC 6749 4.1.2.1, RFC 9207).
const ANSWER_EXTRAS = ['error_description', 'error_uri', 'iss', 'session_state']

/** What the server's `/oauth/authenticate` and `/oauth/link` routes take. */
export type OAuthReturn = {
  intent: OAuthPending['intent']
  body: {
    stateCode: string
    codeVerifier: string
    authorizationCode?: string
    error?: string
    provider?: string
  }
}

/**
 * Reads the provider's answer from a return URL and takes this tab's pending round trip for it (once:
 * the verifier is gone after this). Undefined when the tab started none of this `intent`, or the URL
 * carries no answer. The state must be the one this tab made. When the URL is this page's, the
 * single-use code is taken out of the address bar before anything else can read or replay it.
 *
 * @throws {ApiError} `oauth_state_mismatch` when the state is not this tab's.
 * @example
 * const found = await takeOAuthReturn(client, { url: location.href, intent: 'login' })
 */
export async function takeOAuthReturn(
  client: SatchelClient,
  { url, intent }: { url: string; intent: OAuthPending['intent'] },
): Promise<OAuthReturn | undefined> {
  const parsedUrl = new URL(url)
  const authorizationCode = parsedUrl.searchParams.get(CODE)
  const stateCode = parsedUrl.searchParams.get(STATE)
  const error = parsedUrl.searchParams.get(ERROR)
  const { store, key } = getOAuthPendingStore(client)
  if (!stateCode || (!authorizationCode && !error) || !(await store.getItem(key))) return undefined
  const pending = await peekOAuthPending(client)
  if (pending && pending.intent !== intent) return undefined
  await store.removeItem(key)
  if (!pending || pending.stateCode !== stateCode) throw new ApiError('oauth_state_mismatch')
  if (globalThis.location?.href === url) {
    for (const name of [CODE, STATE, ERROR, ...ANSWER_EXTRAS]) parsedUrl.searchParams.delete(name)
    globalThis.history?.replaceState(globalThis.history.state, '', parsedUrl.toString())
  }
  return {
    intent,
    body: {
      stateCode,
      codeVerifier: pending.codeVerifier,
      ...(authorizationCode ? { authorizationCode } : {}),
      ...(error ? { error } : {}),
      provider: pending.provider,
    },
  }
}
