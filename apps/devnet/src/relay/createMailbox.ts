import { RELAY_MAILBOX_MAX_BYTES, RELAY_MAILBOX_MAX_PER_TOPIC } from './relayLimits'
import type { MailboxMessage } from './types'

export type CreateMailboxParameters = {
  /** The relay's clock, in milliseconds since the epoch (injected so tests can move time). */
  now: () => number
  maxPerTopic?: number
  maxBytes?: number
}

export type AddMailboxMessageParameters = {
  topic: string
  message: string
  /** Seconds the message is kept. */
  ttl: number
  tag: number
  /** Identity of the publisher: it never gets its own message back. */
  sender: string
}

export type AddMailboxMessageReturnType = {
  record: MailboxMessage
  /** True when the same message was already on the topic (a publish retried by the SDK's queue). */
  duplicate: boolean
}

export type Mailbox = ReturnType<typeof createMailbox>

/**
 * The relay's store of published messages: each is kept until its ttl runs out so that a client that
 * subscribes later (the wallet pairs after the dApp published its proposal) or comes back after a drop
 * still gets it. Bounded per topic and in total; the oldest messages make room.
 *
 * @example
 * const mailbox = createMailbox({ now: Date.now })
 * mailbox.add({ topic, message, ttl: 300, tag: 1100, sender: dappIdentity })
 * mailbox.pendingFor(topic, walletIdentity) // [the proposal]
 */
export function createMailbox({
  now,
  maxPerTopic = RELAY_MAILBOX_MAX_PER_TOPIC,
  maxBytes = RELAY_MAILBOX_MAX_BYTES,
}: CreateMailboxParameters) {
  const byTopic = new Map<string, MailboxMessage[]>()
  // A Set iterates in insertion order, so its first entries are the oldest messages across all topics.
  const all = new Set<MailboxMessage>()
  let bytes = 0

  function remove(record: MailboxMessage): void {
    if (!all.delete(record)) return
    bytes -= record.bytes
    const list = byTopic.get(record.topic) ?? []
    const index = list.indexOf(record)
    if (index >= 0) list.splice(index, 1)
    if (list.length === 0) byTopic.delete(record.topic)
  }

  /** Drops every message whose ttl has run out. */
  function prune(): void {
    const time = now()
    for (const record of all) if (record.expiresAt <= time) remove(record)
  }

  function add({
    topic,
    message,
    ttl,
    tag,
    sender,
  }: AddMailboxMessageParameters): AddMailboxMessageReturnType {
    prune()
    const list = byTopic.get(topic) ?? []
    const existing = list.find((record) => record.message === message)
    if (existing) {
      existing.acknowledgedBy.add(sender)
      return { record: existing, duplicate: true }
    }
    const publishedAt = now()
    const record: MailboxMessage = {
      topic,
      message,
      tag,
      bytes: Buffer.byteLength(message),
      publishedAt,
      expiresAt: publishedAt + ttl * 1000,
      acknowledgedBy: new Set([sender]),
      inFlight: new Map(),
    }
    list.push(record)
    byTopic.set(topic, list)
    all.add(record)
    bytes += record.bytes
    while (list.length > maxPerTopic) {
      const oldest = list[0]
      if (!oldest) break
      remove(oldest)
    }
    for (const oldest of all) {
      if (bytes <= maxBytes) break
      remove(oldest)
    }
    return { record, duplicate: false }
  }

  /** Live messages on `topic` that `identity` has neither acknowledged, sent, nor has on its way. */
  function pendingFor(topic: string, identity: string): MailboxMessage[] {
    prune()
    return (byTopic.get(topic) ?? []).filter(
      (record) => !record.acknowledgedBy.has(identity) && !record.inFlight.has(identity),
    )
  }

  /** Number of live messages. */
  function size(): number {
    prune()
    return all.size
  }

  return { add, pendingFor, prune, size }
}
