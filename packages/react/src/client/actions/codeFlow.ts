import type { SatchelClient } from '../createSatchelClient'
import { isRecord } from '../parse'

/** Where a login code went: an email address or a phone number. */
export type CodeChannel = 'email' | 'sms'

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
export function rememberCodeFlow(
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
export function getCodeFlow(
  client: SatchelClient,
  channel: CodeChannel,
  address: string,
): { flowId?: string } {
  const flowId = client.codeFlows.get(keyOf(channel, address))
  return flowId === undefined ? {} : { flowId }
}
