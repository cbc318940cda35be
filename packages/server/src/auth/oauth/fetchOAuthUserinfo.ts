import { ApiError } from '@satchel/core'
import { fetchProviderJson } from './fetchProviderJson'
import { toOAuthProviderError } from './toOAuthProviderError'

export type FetchOAuthUserinfoErrorType = ApiError

/**
 * The signed-in person's profile from the provider's user API, with the access token just obtained.
 * A 401/403 that speaks of suspension (X answers a suspended user so) is `oauth_account_suspended`;
 * an OAuth `error` field is mapped like any provider error; any other refusal is `invalid_credentials`.
 *
 * @example
 * const profile = await fetchOAuthUserinfo('https://api.github.com/user', accessToken)
 */
export async function fetchOAuthUserinfo(url: string, accessToken: string): Promise<unknown> {
  const { status, body } = await fetchProviderJson(url, {
    headers: { authorization: `Bearer ${accessToken}` },
  })
  if (status === 200) return body
  if ((status === 401 || status === 403) && /suspend/i.test(JSON.stringify(body ?? '')))
    throw new ApiError('oauth_account_suspended')
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string')
    throw toOAuthProviderError(body.error)
  throw new ApiError('invalid_credentials', { message: 'The OAuth provider refused the login' })
}
