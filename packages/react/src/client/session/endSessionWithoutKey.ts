import type { HttpClient } from '../http/createHttpClient'
import type { SatchelEvent } from '../state/transition'
import type { TokenManager } from '../tokens/createTokenManager'

/**
 * Ends a session whose key this browser lost (its site data was cleared): it can neither refresh nor
 * sign, since a new key would not be the session's. The server is told (best effort, with the refresh
 * token or cookie) so the session does not linger in the user's list of devices; the state says why,
 * so the app can ask the person to sign in again instead of failing on every call.
 *
 * @example
 * if (!(await keyStore.load())) await endSessionWithoutKey({ http, tokens, dispatch: store.dispatch })
 */
export async function endSessionWithoutKey({
  http,
  tokens,
  dispatch,
}: {
  http: HttpClient
  tokens: TokenManager
  dispatch: (event: SatchelEvent) => unknown
}): Promise<void> {
  const session = tokens.current()
  if (session) {
    await http({
      method: 'POST',
      path: '/api/v1/sessions/logout',
      body: session.refreshToken ? { refreshToken: session.refreshToken } : {},
    }).catch(() => {})
  }
  await tokens.clear()
  dispatch({ type: 'logged_out', reason: 'session_key_lost' })
}
