import { deliverMessage } from './deliverMessage'
import type { PublishParams } from './parseRelayRequest'
import type { MailboxMessage, RelayConnection, RelayState } from './types'

/**
 * Keeps a published message in the mailbox and pushes it to every subscriber of its topic except the
 * publishing client. A publish the SDK retries (same topic, same message) is not stored or sent twice.
 *
 * @example
 * publishMessage(state, dapp, { topic, message, ttl: 300, tag: 1108 })
 */
export function publishMessage(
  state: RelayState,
  sender: RelayConnection,
  params: PublishParams,
): MailboxMessage {
  const { record } = state.mailbox.add({ ...params, sender: sender.identity })
  // Also on a duplicate: a copy that was on its way over a socket that has since dropped goes out again.
  for (const subscriber of state.subscribers.get(params.topic) ?? [])
    deliverMessage(state, subscriber, record)
  return record
}
