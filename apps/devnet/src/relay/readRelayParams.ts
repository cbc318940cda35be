import { isRecord } from './isRecord'
import { invalidParams } from './RelayRpcError'
import { RELAY_BATCH_LIMIT, RELAY_MAX_MESSAGE_BYTES, RELAY_MAX_TTL_SECONDS } from './relayLimits'

// Every field reader below throws a -32602 RelayRpcError naming the field; none echoes the value.

const topicPattern = /^[0-9a-f]{64}$/

/** The params object of a request, or -32602 when it is anything else. */
export function readParamsObject(params: unknown): Record<string, unknown> {
  if (!isRecord(params)) throw invalidParams('params must be an object')
  return params
}

/** A topic: 64 lowercase hex characters (a sha256), as every SDK topic is. */
export function readTopic(params: Record<string, unknown>, key = 'topic'): string {
  const value = params[key]
  if (typeof value !== 'string' || !topicPattern.test(value)) {
    throw invalidParams(`${key} must be 64 hex characters`)
  }
  return value
}

/** A message: a non-empty string of at most 1 MiB. */
export function readMessage(params: Record<string, unknown>, key = 'message'): string {
  const value = params[key]
  if (typeof value !== 'string' || value.length === 0)
    throw invalidParams(`${key} must be a non-empty string`)
  if (Buffer.byteLength(value) > RELAY_MAX_MESSAGE_BYTES) {
    throw invalidParams(`${key} must be at most ${RELAY_MAX_MESSAGE_BYTES} bytes`)
  }
  return value
}

/** A ttl in whole seconds, 1 to 30 days; `fallback` when absent (for the session methods). */
export function readTtl(params: Record<string, unknown>, fallback?: number): number {
  const value = params.ttl ?? fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > RELAY_MAX_TTL_SECONDS) {
    throw invalidParams(`ttl must be a whole number of seconds from 1 to ${RELAY_MAX_TTL_SECONDS}`)
  }
  return value
}

/** A tag: a whole number from 0, 0 when absent. */
export function readTag(params: Record<string, unknown>, fallback = 0): number {
  const value = params.tag ?? fallback
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams('tag must be a whole number from 0')
  }
  return value
}

/** Checks the optional fields the SDK sends beside a publish; the relay does not act on them. */
export function checkPublishExtras(params: Record<string, unknown>): void {
  if (params.prompt !== undefined && typeof params.prompt !== 'boolean') {
    throw invalidParams('prompt must be a boolean')
  }
  if (
    params.attestation !== undefined &&
    params.attestation !== null &&
    typeof params.attestation !== 'string'
  ) {
    throw invalidParams('attestation must be a string')
  }
}

/** An array of at most 500 entries (the spec's batch limit). */
export function readBatch(params: Record<string, unknown>, key: string): unknown[] {
  const value = params[key]
  if (!Array.isArray(value)) throw invalidParams(`${key} must be an array`)
  if (value.length > RELAY_BATCH_LIMIT) {
    throw invalidParams(`${key} may hold at most ${RELAY_BATCH_LIMIT} entries per call (batch limit)`)
  }
  return value
}

/** A batch of topics. */
export function readTopics(params: Record<string, unknown>, key = 'topics'): string[] {
  return readBatch(params, key).map((topic, index) => {
    if (typeof topic !== 'string' || !topicPattern.test(topic)) {
      throw invalidParams(`${key}[${index}] must be 64 hex characters`)
    }
    return topic
  })
}
