import { describe, expect, it } from 'vitest'
import { createMailbox } from './createMailbox'

const topic = 'a'.repeat(64)
const dapp = 'did:key:dapp'
const wallet = 'did:key:wallet'

function clock(start = 1_700_000_000_000) {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

describe('createMailbox', () => {
  it('keeps a message for exactly its ttl, then forgets it', () => {
    const { now, advance } = clock()
    const mailbox = createMailbox({ now })
    mailbox.add({ topic, message: 'proposal', ttl: 300, tag: 1100, sender: dapp })

    advance(299_999)
    expect(mailbox.pendingFor(topic, wallet).map((record) => record.message)).toEqual(['proposal'])
    expect(mailbox.size()).toBe(1)

    advance(1)
    expect(mailbox.pendingFor(topic, wallet)).toEqual([])
    expect(mailbox.size()).toBe(0)
  })

  it('never offers a message back to its sender, nor to a client that acknowledged it', () => {
    const mailbox = createMailbox({ now: clock().now })
    const { record } = mailbox.add({ topic, message: 'request', ttl: 900, tag: 1108, sender: dapp })

    expect(mailbox.pendingFor(topic, dapp)).toEqual([])
    expect(mailbox.pendingFor(topic, wallet)).toEqual([record])

    record.acknowledgedBy.add(wallet)
    expect(mailbox.pendingFor(topic, wallet)).toEqual([])
  })

  it('stores a retried publish once', () => {
    const mailbox = createMailbox({ now: clock().now })
    const first = mailbox.add({ topic, message: 'same', ttl: 300, tag: 0, sender: dapp })
    const second = mailbox.add({ topic, message: 'same', ttl: 300, tag: 0, sender: dapp })

    expect(second).toEqual({ record: first.record, duplicate: true })
    expect(mailbox.size()).toBe(1)
  })

  it('drops the oldest message of a topic past the per-topic bound', () => {
    const mailbox = createMailbox({ now: clock().now, maxPerTopic: 2 })
    for (const message of ['one', 'two', 'three'])
      mailbox.add({ topic, message, ttl: 300, tag: 0, sender: dapp })

    expect(mailbox.pendingFor(topic, wallet).map((record) => record.message)).toEqual(['two', 'three'])
  })

  it('drops the oldest messages across topics past the byte bound', () => {
    const mailbox = createMailbox({ now: clock().now, maxBytes: 10 })
    const other = 'b'.repeat(64)
    mailbox.add({ topic, message: '123456', ttl: 300, tag: 0, sender: dapp })
    mailbox.add({ topic: other, message: '7890ab', ttl: 300, tag: 0, sender: dapp })

    expect(mailbox.pendingFor(topic, wallet)).toEqual([])
    expect(mailbox.pendingFor(other, wallet).map((record) => record.message)).toEqual(['7890ab'])
  })
})
