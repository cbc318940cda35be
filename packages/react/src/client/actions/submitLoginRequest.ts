import type { SatchelClient } from '../createSatchelClient'
import type { AuthenticatedUser } from '../types'
import { requireFeature } from './requireFeature'

/**
 * The one end of every way in: posts a login method's proof, with this session's public key, to its
 * authenticate route and completes the login with the answer. Each login action only gathers its
 * proof; storing the session and creating wallets happen here alike for all of them.
 *
 * @throws {FeatureNotAvailableError} with `feature`, while the server has no such route.
 * @example
 * return submitLoginRequest(client, { path: '/api/v1/custom_jwt_account/authenticate', body: { token, mode } })
 */
export async function submitLoginRequest(
  client: SatchelClient,
  { path, body, feature }: { path: string; body: Record<string, unknown>; feature?: string | undefined },
): Promise<AuthenticatedUser> {
  const sessionPublicKey = await client.getSessionPublicKey()
  const send = () => client.request({ method: 'POST', path, body: { ...body, sessionPublicKey } })
  const answer = await (feature === undefined ? send() : requireFeature(feature, send))
  return client.completeLogin(answer, path)
}
