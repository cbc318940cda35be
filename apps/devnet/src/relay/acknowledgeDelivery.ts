import type { RelayConnection } from './types'

/**
 * Records a client's answer to an `irn_subscription`. Only a success counts as delivered; an error
 * answer leaves the message to be sent again on the client's next subscribe.
 *
 * @example
 * acknowledgeDelivery(connection, 1732000000000001, true)
 */
export function acknowledgeDelivery(connection: RelayConnection, id: unknown, ok: boolean): void {
  if (typeof id !== 'number') return
  const record = connection.awaitingAck.get(id)
  if (!record) return
  connection.awaitingAck.delete(id)
  if (record.inFlight.get(connection.identity) === connection) record.inFlight.delete(connection.identity)
  if (ok) record.acknowledgedBy.add(connection.identity)
}
