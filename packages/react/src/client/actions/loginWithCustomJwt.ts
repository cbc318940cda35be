import type { SatchelClient } from '../createSatchelClient'
import type { AuthenticatedUser, LoginMode } from '../types'

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
  const path = '/api/v1/custom_jwt_account/authenticate'
  const sessionPublicKey = await client.getSessionPublicKey()
  const answer = await client.request({ method: 'POST', path, body: { token, mode, sessionPublicKey } })
  return client.completeLogin(answer, path)
}
