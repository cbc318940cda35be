import type { SatchelClient } from '../createSatchelClient'
import { randomBase64Url } from '../encoding'
import type { AuthenticatedUser } from '../types'
import { submitLoginRequest } from './submitLoginRequest'

/**
 * Signs in as a guest. The guest credential (32 random bytes) is kept in the client's storage, so the
 * same device comes back to the same guest account until the user links an email or a wallet.
 *
 * @example
 * const { user } = await loginAsGuest(client)
 * user.isGuest // true
 */
export async function loginAsGuest(client: SatchelClient): Promise<AuthenticatedUser> {
  const key = `satchel:${client.appId}:guest`
  let credential = await client.storage.getItem(key)
  if (!credential || !/^[A-Za-z0-9_-]{43}$/.test(credential)) {
    credential = randomBase64Url(32)
    await client.storage.setItem(key, credential)
  }
  return submitLoginRequest(client, {
    path: '/api/v1/guest/authenticate',
    body: { guestCredential: credential },
  })
}
