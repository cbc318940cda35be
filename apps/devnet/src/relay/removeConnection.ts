import { deliverMessage } from './deliverMessage'
import { unsubscribeTopic } from './subscribeTopic'
import type { RelayConnection, RelayState } from './types'

/**
 * Forgets a closed socket: its subscriptions go (the client re-subscribes when it reconnects), and
 * messages sent on it but never acknowledged count as undelivered again, so the client gets them on
 * its next subscribe, or at once on another open socket of the same client.
 *
 * @example
 * socket.on('close', () => removeConnection(state, connection))
 */
export function removeConnection(state: RelayState, connection: RelayConnection): void {
  state.connections.delete(connection)
  for (const topic of [...connection.topics]) unsubscribeTopic(state, connection, topic)
  const unacknowledged = [...connection.awaitingAck.values()]
  connection.awaitingAck.clear()
  for (const record of unacknowledged) {
    if (record.inFlight.get(connection.identity) !== connection) continue
    record.inFlight.delete(connection.identity)
    for (const other of state.subscribers.get(record.topic) ?? []) {
      if (other.identity === connection.identity) deliverMessage(state, other, record)
    }
  }
}
