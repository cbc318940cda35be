import { ApiError } from '@satchel/core'
import type { SatchelClient } from '../createSatchelClient'
import { randomBase64Url, toBase64Url } from '../encoding'
import { isRecord, readString } from '../parse'
import type { AuthenticatedUser, LoginMode } from '../types'
import { requireFeature } from './requireFeature'

// The provider (or the server's form_post callback) sends the user back to `redirectTo` with the
// standard OAuth parameters.
const CODE = 'code'
const STATE = 'state'
const ERROR = 'error'

/** Where a tab keeps the verifier and state of the OAuth login it started. */
export const oauthPendingKey = (appId: string) => `satchel:${appId}:oauth`
const pendingKey = (client: SatchelClient) => oauthPendingKey(client.appId)

// sessionStorage: per tab, survives the round trip to the provider, gone when the tab closes.
function pendingStore(client: SatchelClient) {
  return typeof sessionStorage === 'undefined' ? client.storage : sessionStorage
}

export type StartOAuthLoginParameters = {
  /** `google`, `github`, `apple`, ... as enabled for the app. */
  provider: string
  /** Where the provider sends the user back. Default: this page. */
  redirectTo?: string | undefined
  /** Called with the provider's URL instead of navigating to it (popups, native apps, tests). */
  navigate?: ((url: string) => void) | undefined
}

/**
 * Starts sign-in with a social account by redirect (no popup to block): makes a PKCE verifier and a
 * state, keeps them for this tab, and sends the browser to the provider.
 *
 * @throws {FeatureNotAvailableError} while the server has no OAuth routes.
 * @example
 * await startOAuthLogin(client, { provider: 'google' })
 */
export async function startOAuthLogin(
  client: SatchelClient,
  { provider, redirectTo, navigate }: StartOAuthLoginParameters,
): Promise<void> {
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
  await pendingStore(client).setItem(
    pendingKey(client),
    JSON.stringify({ codeVerifier, stateCode, provider }),
  )
  if (navigate) navigate(url)
  else globalThis.location.assign(url)
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
  const parsedUrl = new URL(url)
  const authorizationCode = parsedUrl.searchParams.get(CODE)
  const stateCode = parsedUrl.searchParams.get(STATE)
  const error = parsedUrl.searchParams.get(ERROR)
  const store = pendingStore(client)
  const raw = await store.getItem(pendingKey(client))
  if (!raw || !stateCode || (!authorizationCode && !error)) return undefined
  await store.removeItem(pendingKey(client))
  const pending: unknown = JSON.parse(raw)
  if (!isRecord(pending) || pending.stateCode !== stateCode || typeof pending.codeVerifier !== 'string') {
    throw new ApiError('oauth_state_mismatch')
  }
  // The code is single-use: take it out of the address bar before anything else can read or replay it.
  for (const name of [CODE, STATE, ERROR]) parsedUrl.searchParams.delete(name)
  globalThis.history?.replaceState(globalThis.history.state, '', parsedUrl.toString())
  const path = '/api/v1/oauth/authenticate'
  const sessionPublicKey = await client.getSessionPublicKey()
  const answer = await client.request({
    method: 'POST',
    path,
    body: {
      stateCode,
      codeVerifier: pending.codeVerifier,
      ...(authorizationCode ? { authorizationCode } : {}),
      ...(error ? { error } : {}),
      ...(typeof pending.provider === 'string' ? { provider: pending.provider } : {}),
      mode,
      sessionPublicKey,
    },
  })
  return client.completeLogin(answer, path)
}
