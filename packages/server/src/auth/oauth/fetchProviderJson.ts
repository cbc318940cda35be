import { ApiError } from '@satchel/core'

/** How long Satchel waits for a provider (discovery, token, userinfo, JWKS) before giving up. */
export const OAUTH_PROVIDER_TIMEOUT_MS = 10_000

export type ProviderResponse = { status: number; body: unknown }

export type FetchProviderJsonErrorType = ApiError

/**
 * One call to an OAuth provider, answered as `{status, body}` with the body parsed as JSON (or
 * `undefined` when it is not JSON): callers read the provider's own error fields, which providers
 * put in 4xx answers (and GitHub even in 200 ones). Only an unreachable provider, a timeout or a 5xx
 * is an error here (`service_unavailable`), since it says nothing about the user.
 *
 * @example
 * const { status, body } = await fetchProviderJson('https://api.github.com/user', { headers: { authorization: `Bearer ${token}` } })
 */
export async function fetchProviderJson(url: string, init: RequestInit = {}): Promise<ProviderResponse> {
  let response: Response
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', 'user-agent': 'Satchel', ...init.headers },
      redirect: 'error',
      signal: AbortSignal.timeout(OAUTH_PROVIDER_TIMEOUT_MS),
    })
  } catch (cause) {
    throw new ApiError('service_unavailable', { message: 'The OAuth provider could not be reached', cause })
  }
  if (response.status >= 500)
    throw new ApiError('service_unavailable', { message: 'The OAuth provider could not be reached' })
  const text = await response.text()
  let body: unknown
  try {
    body = text.length > 0 ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  return { status: response.status, body }
}
