import type { AuthenticatedUser, SatchelClient } from '@satchel/react'
import { createPasskeyCredential } from '../../shared/passkeys/createPasskeyCredential'

/**
 * Creates an account with a new passkey (sign-up): the server's creation options, the browser's
 * passkey prompt, then the login completes like any other (session key bound, wallet created).
 * The SDK signs in with an existing passkey but has no sign-up action yet, so this uses its client.
 *
 * @example
 * await signUpWithPasskey(client)
 */
export async function signUpWithPasskey(client: SatchelClient): Promise<AuthenticatedUser> {
  const init = '/api/v1/passkeys/register/init'
  const options = await client.request({ method: 'POST', path: init, body: {} })
  const authenticatorResponse = await createPasskeyCredential(options, init)
  const path = '/api/v1/passkeys/register'
  const sessionPublicKey = await client.getSessionPublicKey()
  const answer = await client.request({
    method: 'POST',
    path,
    body: { authenticatorResponse, mode: 'login-or-sign-up', sessionPublicKey },
  })
  return client.completeLogin(answer, path)
}
