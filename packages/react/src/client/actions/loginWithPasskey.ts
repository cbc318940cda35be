import type { SatchelClient } from '../createSatchelClient'
import { verbatim } from '../http/convertCase'
import type { AuthenticatedUser, LoginMode } from '../types'
import { requireFeature } from './requireFeature'
import { submitLoginRequest } from './submitLoginRequest'
import { toPasskeyRequestOptions } from './toPasskeyRequestOptions'

/**
 * Signs in with a passkey. The WebAuthn helpers load only now, not with the app.
 *
 * @throws {FeatureNotAvailableError} while the server has no passkey routes.
 * @example
 * await loginWithPasskey(client)
 */
export async function loginWithPasskey(
  client: SatchelClient,
  { mode = 'login-or-sign-up' }: { mode?: LoginMode | undefined } = {},
): Promise<AuthenticatedUser> {
  const feature = 'Sign-in with a passkey'
  const options = await requireFeature(feature, () =>
    client.request({ method: 'POST', path: '/api/v1/passkeys/authenticate/init', body: {} }),
  )
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const response = await startAuthentication({
    optionsJSON: toPasskeyRequestOptions(options, '/api/v1/passkeys/authenticate/init', {
      verifyUser: false,
    }),
  })
  // The authenticator's answer is signed data: sent exactly as the browser produced it.
  return submitLoginRequest(client, {
    path: '/api/v1/passkeys/authenticate',
    body: { authenticatorResponse: verbatim(response), mode },
    feature,
  })
}
