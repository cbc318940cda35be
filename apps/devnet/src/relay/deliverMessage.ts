import { createHash } from 'node:crypto'
import { RELAY_MAX_UNACKNOWLEDGED } from './relayLimits'
import { sendJson } from './sendJson'
import type { MailboxMessage, RelayConnection, RelayState } from './types'

/**
 * The id of a client's subscription to a topic, computed the way the SDK computes it
 * (sha256 of topic + client id, hex), so `irn_unsubscribe {topic, id}` and `irn_subscription {id}` agree
 * with what the client holds.
 *
 * @example
 * getSubscriptionId(topic, 'did:key:z6Mk…') // '3f2a…' (64 hex)
 */
export function getSubscriptionId(topic: string, identity: string): string {
  return createHash('sha256')
    .update(topic + identity, 'utf8')
    .digest('hex')
}

/**
 * Pushes one mailbox message to one connection as an `irn_subscription` request, unless that client
 * already acknowledged it, sent it, or has it on the way: this is what keeps a message from reaching the
 * same client twice, across reconnects and across several sockets of one client.
 *
 * @example
 * deliverMessage(state, walletConnection, proposal) // true: sent, waiting for the ack
 * deliverMessage(state, walletConnection, proposal) // false: already on its way
 */
export function deliverMessage(
  state: RelayState,
  connection: RelayConnection,
  record: MailboxMessage,
): boolean {
  const { identity } = connection
  if (record.acknowledgedBy.has(identity) || record.inFlight.has(identity)) return false
  if (connection.awaitingAck.size >= RELAY_MAX_UNACKNOWLEDGED) return false
  const id = state.nextRequestId()
  const sent = sendJson(connection.socket, {
    id,
    jsonrpc: '2.0',
    method: 'irn_subscription',
    params: {
      id: getSubscriptionId(record.topic, identity),
      data: {
        topic: record.topic,
        message: record.message,
        publishedAt: record.publishedAt,
        tag: record.tag,
        // Always empty: a non-empty attestation makes the wallet fetch keys from the public Verify
        // service, which a loopback devnet cannot reach.
        attestation: '',
      },
    },
  })
  if (!sent) return false
  connection.awaitingAck.set(id, record)
  record.inFlight.set(identity, connection)
  return true
}

/**
 * Pushes every mailbox message on `topic` that this connection's client has not had yet (on subscribe,
 * which is also how a reconnecting client catches up).
 *
 * @example
 * deliverPending(state, walletConnection, pairingTopic) // 1: the dApp's proposal
 */
export function deliverPending(state: RelayState, connection: RelayConnection, topic: string): number {
  if (!connection.topics.has(topic)) return 0
  let delivered = 0
  for (const record of state.mailbox.pendingFor(topic, connection.identity)) {
    if (deliverMessage(state, connection, record)) delivered++
  }
  return delivered
}
