import type { SatchelClient } from '../createSatchelClient'
import { isRecord } from '../parse'

/** Where a login code went: an email address or a phone number. */
export type CodeChannel = 'email' | 'sms'

// The field the server reads the address from.
const fieldOf = { email: 'email', sms: 'phoneNumber' } as const

// The address as the server will read it, near enough that the send and the entry match (the hooks
// pass the same string to both anyway).
const keyOf = (channel: CodeChannel, address: string) =>
  channel === 'email' ? `email:${address.trim().toLowerCase()}` : `sms:${address.replaceAll(/[^\d+]/g, '')}`

/**
 * Keeps the `flow_id` an init answered, for the code to be entered with. The server accepts a code
 * only with the flow of the init that sent it, so strangers guessing at the address can never spend
 * (or burn) the code this person is typing. In memory: a code asked for in another page must be asked
 * for again.
 *
 * @example
 * rememberCodeFlow(client, 'email', email, await client.request({ method: 'POST', path, body }))
 */
function rememberCodeFlow(
  client: SatchelClient,
  channel: CodeChannel,
  address: string,
  answer: unknown,
): void {
  if (isRecord(answer) && typeof answer.flowId === 'string')
    client.codeFlows.set(keyOf(channel, address), answer.flowId)
}

/**
 * The `flowId` to send with a code for this address (the latest code asked for it here), if any.
 *
 * @example
 * body: { email, code, ...getCodeFlow(client, 'email', email) }
 */
function getCodeFlow(client: SatchelClient, channel: CodeChannel, address: string): { flowId?: string } {
  const flowId = client.codeFlows.get(keyOf(channel, address))
  return flowId === undefined ? {} : { flowId }
}

/**
 * Sends a login code to an address and keeps the flow it answers (see {@link rememberCodeFlow}).
 *
 * @example
 * await sendCode(client, 'sms', '/api/v1/passwordless_sms/init', phoneNumber)
 */
export async function sendCode(
  client: SatchelClient,
  channel: CodeChannel,
  path: string,
  address: string,
): Promise<void> {
  const answer = await client.request({ method: 'POST', path, body: { [fieldOf[channel]]: address } })
  rememberCodeFlow(client, channel, address, answer)
}

/**
 * The body that proves a code, for login, linking and "confirm it's you" alike: the address under
 * its field (`email` or `phoneNumber`), the code as typed without surrounding spaces, and the flow of
 * the init that sent it.
 *
 * @example
 * body: { ...codeProof(client, 'email', email, code), mode }
 */
export function codeProof(
  client: SatchelClient,
  channel: CodeChannel,
  address: string,
  code: string,
): Record<string, string> {
  return { [fieldOf[channel]]: address, code: code.trim(), ...getCodeFlow(client, channel, address) }
}
