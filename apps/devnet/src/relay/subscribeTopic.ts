import { getSubscriptionId } from './deliverMessage'
import type { RelayConnection, RelayState } from './types'

/**
 * Subscribes a connection to a topic (idempotent) and returns the subscription id. Delivering what the
 * mailbox holds for the topic is left to the caller, to happen after the subscribe answer is sent.
 *
 * @example
 * subscribeTopic(state, connection, topic) // '9c1e…'
 */
export function subscribeTopic(state: RelayState, connection: RelayConnection, topic: string): string {
  connection.topics.add(topic)
  const subscribers = state.subscribers.get(topic) ?? new Set<RelayConnection>()
  subscribers.add(connection)
  state.subscribers.set(topic, subscribers)
  return getSubscriptionId(topic, connection.identity)
}

/**
 * Removes a connection's subscription to a topic; unknown subscriptions are ignored, as the SDK
 * unsubscribes optimistically.
 *
 * @example
 * unsubscribeTopic(state, connection, topic)
 */
export function unsubscribeTopic(state: RelayState, connection: RelayConnection, topic: string): void {
  connection.topics.delete(topic)
  const subscribers = state.subscribers.get(topic)
  if (!subscribers) return
  subscribers.delete(connection)
  if (subscribers.size === 0) state.subscribers.delete(topic)
}
