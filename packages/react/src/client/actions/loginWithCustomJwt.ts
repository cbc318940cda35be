import type { SatchelClient } from '../createSatchelClient'
import type { AuthenticatedUser, LoginMode } from '../types'
import { submitLoginRequest } from './submitLoginRequest'

export type LoginWithCustomJwtParameters = { token: string; mode?: LoginMode | undefined }

/**
 * Signs in with a JWT from the app's own auth system (verified by the server against the app's
 * configured issuer): the app keeps its users, Satchel gives them wallets.
 *
 * @example
 * await loginWithCustomJwt(client, { token: await myAuth.getToken() })
 */
export async function loginWithCustomJwt(
  client: SatchelClient,
  { token, mode = 'login-or-sign-up' }: LoginWithCustomJwtParameters,
): Promise<AuthenticatedUser> {
  return submitLoginRequest(client, {
    path: '/api/v1/custom_jwt_account/authenticate',
    body: { token, mode },
  })
}
