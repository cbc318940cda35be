import type { SatchelClient } from '../createSatchelClient'
import { readString } from '../parse'

/**
 * Removes every delegated session signer of the user's wallets at once (`POST /api/v1/wallets/revoke`).
 * Needs no signature or second factor: revoking can only take power away. Answers the server's
 * message, e.g. `Revoked 2 delegated signers`.
 *
 * @example
 * const message = await revokeSessionSigners(client)
 */
export async function revokeSessionSigners(client: SatchelClient): Promise<string> {
  const path = '/api/v1/wallets/revoke'
  return readString(await client.request({ method: 'POST', path, body: {}, auth: true }), 'message', path)
}
