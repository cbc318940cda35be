import { isRecord } from './isRecord'
import { invalidParams, RelayRpcError, relayRpcErrorCodes } from './RelayRpcError'
import {
  checkPublishExtras,
  readBatch,
  readMessage,
  readParamsObject,
  readTag,
  readTopic,
  readTopics,
  readTtl,
} from './readRelayParams'
import { RELAY_DEFAULT_SESSION_TTL_SECONDS } from './relayLimits'

export type PublishParams = { topic: string; message: string; ttl: number; tag: number }

export type ProposeSessionParams = { pairingTopic: string; sessionProposal: string; ttl: number }

export type ApproveSessionParams = {
  pairingTopic: string
  sessionTopic: string
  sessionProposalResponse: string
  sessionSettlementRequest: string
  ttl: number
}

/** A client request the relay understands, its params checked. */
export type RelayRequest =
  | { method: 'irn_publish'; params: PublishParams }
  | { method: 'irn_batchPublish'; params: { messages: PublishParams[] } }
  | { method: 'irn_subscribe'; params: { topic: string } }
  | { method: 'irn_batchSubscribe'; params: { topics: string[] } }
  | { method: 'irn_unsubscribe'; params: { topic: string } }
  | { method: 'irn_batchUnsubscribe'; params: { topics: string[] } }
  | { method: 'irn_fetchMessages'; params: { topic: string } }
  | { method: 'irn_batchFetchMessages'; params: { topics: string[] } }
  | { method: 'wc_proposeSession'; params: ProposeSessionParams }
  | { method: 'wc_approveSession'; params: ApproveSessionParams }

function readPublish(value: unknown): PublishParams {
  const params = readParamsObject(value)
  checkPublishExtras(params)
  return {
    topic: readTopic(params),
    message: readMessage(params),
    ttl: readTtl(params),
    tag: readTag(params),
  }
}

function readUnsubscribeTopics(params: Record<string, unknown>): string[] {
  return readBatch(params, 'subscriptions').map((subscription, index) => {
    if (!isRecord(subscription)) throw invalidParams(`subscriptions[${index}] must be an object`)
    return readTopic(subscription)
  })
}

/**
 * Checks a client request's method and params and returns them typed. Besides the `irn_*` methods the
 * SDK 2.25.0 calls, it knows the two session shortcuts (`wc_proposeSession`, `wc_approveSession`);
 * any other `wc_*` method whose params carry a topic and a message is taken as a publish, which is
 * what the hosted relay's other custom publish methods amount to.
 *
 * @throws {RelayRpcError} -32601 for an unknown method, -32602 for params of the wrong shape or past a limit.
 * @example
 * parseRelayRequest('irn_subscribe', { topic: 'ab'.repeat(32) })
 * // { method: 'irn_subscribe', params: { topic: 'abab…' } }
 */
export function parseRelayRequest(method: string, rawParams: unknown): RelayRequest {
  switch (method) {
    case 'irn_publish':
      return { method, params: readPublish(rawParams) }
    case 'irn_batchPublish':
      return {
        method,
        params: { messages: readBatch(readParamsObject(rawParams), 'messages').map(readPublish) },
      }
    case 'irn_subscribe':
    case 'irn_unsubscribe':
    case 'irn_fetchMessages':
      return { method, params: { topic: readTopic(readParamsObject(rawParams)) } }
    case 'irn_batchSubscribe':
    case 'irn_batchFetchMessages':
      return { method, params: { topics: readTopics(readParamsObject(rawParams)) } }
    case 'irn_batchUnsubscribe':
      return { method, params: { topics: readUnsubscribeTopics(readParamsObject(rawParams)) } }
    case 'wc_proposeSession': {
      const params = readParamsObject(rawParams)
      checkPublishExtras(params)
      return {
        method,
        params: {
          pairingTopic: readTopic(params, 'pairingTopic'),
          sessionProposal: readMessage(params, 'sessionProposal'),
          ttl: readTtl(params, RELAY_DEFAULT_SESSION_TTL_SECONDS),
        },
      }
    }
    case 'wc_approveSession': {
      const params = readParamsObject(rawParams)
      checkPublishExtras(params)
      return {
        method,
        params: {
          pairingTopic: readTopic(params, 'pairingTopic'),
          sessionTopic: readTopic(params, 'sessionTopic'),
          sessionProposalResponse: readMessage(params, 'sessionProposalResponse'),
          sessionSettlementRequest: readMessage(params, 'sessionSettlementRequest'),
          ttl: readTtl(params, RELAY_DEFAULT_SESSION_TTL_SECONDS),
        },
      }
    }
    default:
      if (method.startsWith('wc_') && isRecord(rawParams) && 'topic' in rawParams && 'message' in rawParams) {
        return { method: 'irn_publish', params: readPublish(rawParams) }
      }
      throw new RelayRpcError(relayRpcErrorCodes.methodNotFound, 'Method not found')
  }
}
