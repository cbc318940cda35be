import { getUser, type SatchelClient, type SatchelUser } from '@satchel/react'
import { createPasskeyCredential } from '../../shared/passkeys/createPasskeyCredential'

/**
 * Adds a new passkey to the signed-in user (`/api/v1/passkeys/link/init`, then `/link`), so they can
 * sign in with it next time. The SDK links emails and phones; passkeys go through its client here.
 *
 * @example
 * const user = await linkPasskey(client)
 */
export async function linkPasskey(client: SatchelClient): Promise<SatchelUser> {
  const init = '/api/v1/passkeys/link/init'
  const options = await client.request({ method: 'POST', path: init, body: {}, auth: true })
  const authenticatorResponse = await createPasskeyCredential(options, init)
  await client.request({
    method: 'POST',
    path: '/api/v1/passkeys/link',
    body: { authenticatorResponse },
    auth: true,
  })
  return getUser(client)
}

/**
 * Removes a passkey from the signed-in user (the last way in cannot be removed).
 *
 * @example
 * await unlinkPasskey(client, { credentialId })
 */
export async function unlinkPasskey(
  client: SatchelClient,
  { credentialId }: { credentialId: string },
): Promise<SatchelUser> {
  await client.request({
    method: 'POST',
    path: '/api/v1/passkeys/unlink',
    body: { credentialId },
    auth: true,
    signed: {},
  })
  return getUser(client)
}
