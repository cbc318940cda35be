import type { SatchelClient } from '../createSatchelClient'
import { readString } from '../parse'

/**
 * Removes every delegated session signer of the user's wallets at once (`POST /api/v1/wallets/revoke`),
 * signed with the session key (and a fresh second factor when the user has one), like every change of
 * who controls the wallets. Answers the server's message, e.g. `Revoked 2 delegated signers`.
 *
 * @throws {StepUpRequiredError} when the user has MFA and has not verified it in the last 15 minutes.
 *
 * @example
 * const message = await revokeSessionSigners(client)
 */
export async function revokeSessionSigners(client: SatchelClient): Promise<string> {
  const path = '/api/v1/wallets/revoke'
  return readString(
    await client.request({ method: 'POST', path, body: {}, auth: true, signed: {} }),
    'message',
    path,
  )
}
