import { deliverPending } from './deliverMessage'
import type { RelayRequest } from './parseRelayRequest'
import { publishMessage } from './publishMessage'
import { RELAY_TAGS } from './relayLimits'
import { subscribeTopic, unsubscribeTopic } from './subscribeTopic'
import type { RelayConnection, RelayState } from './types'

export type HandleRelayRequestContext = {
  state: RelayState
  connection: RelayConnection
  /** Runs after the answer to this request is sent (mailbox replay follows the subscribe answer). */
  later: (effect: () => void) => void
}

type FetchedMessage = {
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation: string
}

function fetchMessages({ state, connection }: HandleRelayRequestContext, topic: string): FetchedMessage[] {
  return state.mailbox.pendingFor(topic, connection.identity).map((record) => {
    // A fetched message has reached the client as surely as an acknowledged push.
    record.acknowledgedBy.add(connection.identity)
    const { message, publishedAt, tag } = record
    return { topic, message, publishedAt, tag, attestation: '' }
  })
}

function subscribe(context: HandleRelayRequestContext, topic: string): string {
  const { state, connection, later } = context
  const id = subscribeTopic(state, connection, topic)
  later(() => deliverPending(state, connection, topic))
  return id
}

/**
 * Carries out one checked client request and returns its JSON-RPC result.
 *
 * - `irn_publish` / `irn_batchPublish` -> `true`: stored, pushed to the topic's other subscribers.
 * - `irn_subscribe` -> subscription id; `irn_batchSubscribe` -> ids. Then the mailbox is replayed.
 * - `irn_unsubscribe` / `irn_batchUnsubscribe` -> `true`.
 * - `irn_fetchMessages` / `irn_batchFetchMessages` -> `{messages, hasMore: false}`: what the client has not had.
 * - `wc_proposeSession` -> `true`: the sender is subscribed to the pairing topic and the proposal published
 *   there (tag 1100).
 * - `wc_approveSession` -> `true`: the sender is subscribed to the session topic, the proposal response
 *   published on the pairing topic (1101) and the settlement request on the session topic (1102).
 *
 * @example
 * handleRelayRequest({ state, connection, later }, { method: 'irn_subscribe', params: { topic } }) // '9c1e…'
 */
export function handleRelayRequest(context: HandleRelayRequestContext, request: RelayRequest): unknown {
  const { state, connection } = context
  switch (request.method) {
    case 'irn_publish':
      publishMessage(state, connection, request.params)
      return true
    case 'irn_batchPublish':
      for (const params of request.params.messages) publishMessage(state, connection, params)
      return true
    case 'irn_subscribe':
      return subscribe(context, request.params.topic)
    case 'irn_batchSubscribe':
      return request.params.topics.map((topic) => subscribe(context, topic))
    case 'irn_unsubscribe':
      unsubscribeTopic(state, connection, request.params.topic)
      return true
    case 'irn_batchUnsubscribe':
      for (const topic of request.params.topics) unsubscribeTopic(state, connection, topic)
      return true
    case 'irn_fetchMessages':
      return { messages: fetchMessages(context, request.params.topic), hasMore: false }
    case 'irn_batchFetchMessages':
      return {
        messages: request.params.topics.flatMap((topic) => fetchMessages(context, topic)),
        hasMore: false,
      }
    case 'wc_proposeSession': {
      const { pairingTopic, sessionProposal, ttl } = request.params
      subscribe(context, pairingTopic)
      const tag = RELAY_TAGS.sessionPropose
      publishMessage(state, connection, { topic: pairingTopic, message: sessionProposal, ttl, tag })
      return true
    }
    case 'wc_approveSession': {
      const { pairingTopic, sessionTopic, sessionProposalResponse, sessionSettlementRequest, ttl } =
        request.params
      subscribe(context, sessionTopic)
      const responseTag = RELAY_TAGS.sessionProposeResponse
      publishMessage(state, connection, {
        topic: pairingTopic,
        message: sessionProposalResponse,
        ttl,
        tag: responseTag,
      })
      const settleTag = RELAY_TAGS.sessionSettle
      publishMessage(state, connection, {
        topic: sessionTopic,
        message: sessionSettlementRequest,
        ttl,
        tag: settleTag,
      })
      return true
    }
  }
}
