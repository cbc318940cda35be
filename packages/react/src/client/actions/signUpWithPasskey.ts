import type { SatchelClient } from '../createSatchelClient'
import type { AuthenticatedUser, LoginMode } from '../types'
import { createPasskey } from '../webauthn/createPasskey'
import { requireFeature } from './requireFeature'
import { submitLoginRequest } from './submitLoginRequest'

export type SignUpWithPasskeyParameters = {
  /** How the passkey manager lists the account. Default: the app's name and "account". */
  displayName?: string | undefined
  mode?: LoginMode | undefined
}

/**
 * Creates an account with a new passkey: the server's creation options, the browser's passkey
 * prompt, then the login completes like any other (session key bound, wallet created when the app
 * asks). The WebAuthn helpers load only now. Needs `passkey` among the app's login methods
 * (`passkey_not_allowed` otherwise).
 *
 * @throws {FeatureNotAvailableError} while the server has no passkey routes.
 * @example
 * const { user, isNewUser } = await signUpWithPasskey(client)
 */
export async function signUpWithPasskey(
  client: SatchelClient,
  { displayName, mode = 'login-or-sign-up' }: SignUpWithPasskeyParameters = {},
): Promise<AuthenticatedUser> {
  const feature = 'Sign-up with a passkey'
  const init = '/api/v1/passkeys/register/init'
  const options = await requireFeature(feature, () =>
    client.request({
      method: 'POST',
      path: init,
      body: { mode, ...(displayName ? { displayName } : {}) },
    }),
  )
  const authenticatorResponse = await createPasskey(options, init)
  return submitLoginRequest(client, {
    path: '/api/v1/passkeys/register',
    body: { authenticatorResponse, mode },
  })
}
