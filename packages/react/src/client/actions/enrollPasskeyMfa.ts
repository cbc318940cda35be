import type { SatchelClient } from '../createSatchelClient'
import type { SatchelUser } from '../types'
import { getUser } from './getUser'
import { requireFeature } from './requireFeature'

export type EnrollPasskeyMfaParameters = {
  /** Passkeys already linked to the user (`linkedAccounts` of type `passkey`, field `credentialId`). */
  credentialIds: readonly string[]
}

/**
 * Makes some of the user's passkeys a second factor (`POST /api/v1/mfa/passkeys/enroll`). There is no
 * new ceremony: holding one of these passkeys is what the factor proves. When the user already has a
 * second factor, verify it first (the server asks for a fresh MFA token). The user in the client's
 * state updates.
 *
 * @example
 * const ids = user.linkedAccounts.filter((a) => a.type === 'passkey').map((a) => String(a.credentialId))
 * await enrollPasskeyMfa(client, { credentialIds: ids })
 */
export async function enrollPasskeyMfa(
  client: SatchelClient,
  { credentialIds }: EnrollPasskeyMfaParameters,
): Promise<SatchelUser> {
  await requireFeature('Passkeys as a second factor', () =>
    client.request({
      method: 'POST',
      path: '/api/v1/mfa/passkeys/enroll',
      body: { credentialIds: [...credentialIds] },
      auth: true,
      signed: {},
    }),
  )
  return getUser(client)
}
