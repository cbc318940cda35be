import { ApiError } from '@satchel/core'

// The error codes providers use for an account they have suspended or disabled. None is standard; the
// loopback test provider answers `account_suspended` at its token endpoint.
const SUSPENDED_ERRORS = new Set([
  'account_suspended',
  'user_suspended',
  'suspended',
  'account_disabled',
  'user_disabled',
])

/**
 * The API error for an OAuth error code from a provider, whether it came back on the redirect (the
 * client passes `error`), from the token endpoint or from the userinfo endpoint:
 * - `access_denied` (the user said no at the provider): `oauth_user_denied`;
 * - a suspended or disabled account: `oauth_account_suspended`;
 * - anything else (a spent or foreign code, a wrong verifier): `invalid_credentials`.
 *
 * @example
 * toOAuthProviderError('access_denied').code // 'oauth_user_denied'
 */
export function toOAuthProviderError(error: string): ApiError {
  if (error === 'access_denied') return new ApiError('oauth_user_denied')
  if (SUSPENDED_ERRORS.has(error)) return new ApiError('oauth_account_suspended')
  if (error === 'invalid_grant')
    return new ApiError('invalid_credentials', {
      message: 'The authorization code is invalid, expired or already used',
    })
  return new ApiError('invalid_credentials', { message: 'The OAuth provider refused the login' })
}
