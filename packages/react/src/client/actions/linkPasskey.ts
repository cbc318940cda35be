import type { SatchelClient } from '../createSatchelClient'
import type { SatchelUser } from '../types'
import { createPasskey } from '../webauthn/createPasskey'
import { requireFeature } from './requireFeature'
import { submitLinkRequest } from './submitLinkRequest'

/**
 * Adds a new passkey to the signed-in user, so they can sign in with it next time: the server's
 * creation options (which exclude the passkeys the user has already), the browser's passkey prompt,
 * then `/api/v1/passkeys/link`. The user in the client's state updates. Remove one with
 * `unlinkAccount(client, { type: 'passkey', credentialId })`.
 *
 * @throws {FeatureNotAvailableError} while the server has no passkey routes.
 * @example
 * const user = await linkPasskey(client)
 */
export async function linkPasskey(
  client: SatchelClient,
  { displayName }: { displayName?: string | undefined } = {},
): Promise<SatchelUser> {
  const feature = 'Linking a passkey'
  const init = '/api/v1/passkeys/link/init'
  const options = await requireFeature(feature, () =>
    client.request({
      method: 'POST',
      path: init,
      body: displayName ? { displayName } : {},
      auth: true,
      // Stepped up before the ceremony: the person confirms it is them before a passkey is made.
      signed: {},
    }),
  )
  const authenticatorResponse = await createPasskey(options, init)
  return submitLinkRequest(client, {
    feature,
    path: '/api/v1/passkeys/link',
    body: { authenticatorResponse },
  })
}
