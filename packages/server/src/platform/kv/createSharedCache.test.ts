import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { testRedisUrl } from '../../../test/support/testKv'
import { createKv, type Kv } from './createKv'
import { createSharedCache, type SharedCache } from './createSharedCache'

type Row = { owner: string; version: number }

/** Waits until `check` holds (the other instance hears invalidations over the network). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A promise the test opens when it chooses, to hold a read in progress. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/** Lets promise callbacks and pending reads run. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe.each([['memory'], ['redis']] as const)('shared cache over the %s store', (kind) => {
  const opened: Kv[] = []
  const caches: SharedCache<Row>[] = []
  afterEach(async () => {
    for (const cache of caches.splice(0)) cache.close()
    for (const kv of opened.splice(0)) await kv.close()
  })

  /** Two instances' caches over one store (one shared in-process store, or one Redis and prefix). */
  async function twoInstances(clock = { now: 0 }) {
    const url = kind === 'redis' ? await testRedisUrl() : undefined
    const prefix = `satchel-test:${randomBytes(6).toString('hex')}:`
    const first = createKv(url, prefix)
    const second = url ? createKv(url, prefix) : first
    opened.push(...new Set([first, second]))
    const make = (kv: Kv) => {
      const cache = createSharedCache<Row>({
        kv,
        channel: 'rows',
        ttlMs: 5_000,
        maxEntries: 100,
        tagsOf: (row) => [`owner:${row.owner}`],
        now: () => clock.now,
      })
      caches.push(cache)
      return cache
    }
    return { a: make(first), b: make(second), clock }
  }

  /** Loads until `cache` answers from memory (a Redis subscription is confirmed asynchronously). */
  async function untilCaching(cache: SharedCache<Row>, db: ReturnType<typeof source>): Promise<void> {
    await eventually(async () => {
      await cache.load('row', db.read)
      const before = db.state.reads
      await cache.load('row', db.read)
      return db.state.reads === before
    }, 'the cache answers from memory')
  }

  /** The "database": a row whose version changes, and a count of reads. */
  function source() {
    const state = { row: { owner: 'alice', version: 1 } as Row | undefined, reads: 0 }
    const read = async () => {
      state.reads++
      return state.row && { ...state.row }
    }
    return {
      state,
      read,
      /** A read that takes the row now but answers only once `opened` settles. */
      readUntil: (opened: Promise<void>) => async () => {
        const row = await read()
        await opened
        return row
      },
    }
  }

  it('serves repeated reads from memory, and a change on one instance reaches the other', async () => {
    if (kind === 'redis' && !(await testRedisUrl())) return
    const { a, b } = await twoInstances()
    const db = source()
    // Warm b until its subscription is live.
    await untilCaching(b, db)
    const reads = db.state.reads
    expect(await b.load('row', db.read)).toEqual({ owner: 'alice', version: 1 })
    expect(db.state.reads).toBe(reads)

    db.state.row = { owner: 'alice', version: 2 }
    await a.invalidate(['row'])
    await eventually(async () => (await b.load('row', db.read))?.version === 2, 'b sees version 2')
  })

  it('drops every entry carrying an invalidated tag', async () => {
    if (kind === 'redis' && !(await testRedisUrl())) return
    const { a, b } = await twoInstances()
    const db = source()
    await untilCaching(b, db)
    db.state.row = undefined
    await a.invalidate(['owner:alice'])
    await eventually(async () => (await b.load('row', db.read)) === undefined, 'b forgets alice')
  })

  it('does not cache a read that raced an invalidation, nor keep entries past their ttl', async () => {
    if (kind === 'redis' && !(await testRedisUrl())) return
    const { a, clock } = await twoInstances()
    const db = source()
    await untilCaching(a, db)
    await a.invalidate(['row'])

    // The read starts before the change and ends after it: its (old) answer must not be cached.
    let release: () => void = () => {}
    const slow = a.load('row', async () => {
      const old = await db.read()
      await new Promise<void>((resolve) => {
        release = resolve
      })
      return old
    })
    await new Promise((resolve) => setTimeout(resolve, 5))
    db.state.row = { owner: 'alice', version: 3 }
    await a.invalidate(['row'])
    release()
    expect((await slow)?.version).toBe(1)
    expect((await a.load('row', db.read))?.version).toBe(3)

    // Without any invalidation, an entry is trusted for ttlMs at most.
    db.state.row = { owner: 'alice', version: 4 }
    expect((await a.load('row', db.read))?.version).toBe(3)
    clock.now += 5_000
    expect((await a.load('row', db.read))?.version).toBe(4)
  })

  it('reads a key once for loads at the same time, but not for a load that came after an invalidation', async () => {
    if (kind === 'redis' && !(await testRedisUrl())) return
    const { a } = await twoInstances()
    const db = source()
    await untilCaching(a, db)
    await a.invalidate(['row'])

    const held = gate()
    const slowRead = db.readUntil(held.opened)
    const reads = db.state.reads
    const together = Array.from({ length: 32 }, () => a.load('row', slowRead))
    await tick()
    expect(db.state.reads).toBe(reads + 1)

    // A change after that read began: a load now must not be given the answer from before it.
    db.state.row = { owner: 'alice', version: 2 }
    await a.invalidate(['row'])
    const after = a.load('row', db.read)
    expect(db.state.reads).toBe(reads + 2)
    held.open()
    expect((await Promise.all(together)).map((row) => row?.version)).toEqual(Array(32).fill(1))
    expect((await after)?.version).toBe(2)
  })

  it("answers at once near the end of an entry's ttl and reads it again once, in the background", async () => {
    if (kind === 'redis' && !(await testRedisUrl())) return
    const { a, clock } = await twoInstances()
    const db = source()
    await untilCaching(a, db)
    const reads = db.state.reads

    // 3.9 s into a 5 s ttl: the cached row is the answer, while one read refreshes it.
    clock.now += 3_900
    db.state.row = { owner: 'alice', version: 2 }
    const held = gate()
    const slowRead = db.readUntil(held.opened)
    expect((await a.load('row', slowRead))?.version).toBe(1)
    expect((await a.load('row', slowRead))?.version).toBe(1)
    expect(db.state.reads).toBe(reads + 1)
    held.open()
    await tick()

    // The refreshed entry counts from the refresh: past the old expiry, it is served without a read.
    clock.now += 2_000
    expect((await a.load('row', db.read))?.version).toBe(2)
    expect(db.state.reads).toBe(reads + 1)

    // A refresh that finds the row gone forgets it at once instead of serving it to the end of its ttl.
    clock.now += 2_000
    db.state.row = undefined
    expect((await a.load('row', db.read))?.version).toBe(2)
    await tick()
    expect(await a.load('row', db.read)).toBeUndefined()

    // A refresh that fails changes nothing for the caller; the entry then expires as usual.
    db.state.row = { owner: 'alice', version: 3 }
    await a.load('row', db.read)
    clock.now += 3_900
    const failing = async (): Promise<Row | undefined> => {
      throw new Error('database unreachable')
    }
    expect((await a.load('row', failing))?.version).toBe(3)
    await tick()
    clock.now += 1_200
    await expect(a.load('row', failing)).rejects.toThrow('database unreachable')
  })
})

it('forgets everything after the Redis subscription drops, since messages sent meanwhile are lost', async () => {
  const url = await testRedisUrl()
  if (!url) return
  const prefix = `satchel-test:${randomBytes(6).toString('hex')}:`
  const kv = createKv(url, prefix)
  const other = createKv(url, prefix)
  const admin = new Redis(url)
  let version = 1
  let reads = 0
  const cache = createSharedCache<number>({
    kv,
    channel: 'rows',
    ttlMs: 60_000,
    maxEntries: 10,
    now: Date.now,
  })
  try {
    const read = async () => {
      reads++
      return version
    }
    await eventually(async () => {
      await cache.load('n', read)
      const before = reads
      await cache.load('n', read)
      return reads === before
    }, 'caches once subscribed')

    // Drop the subscriber connection as a network failure would, and change the row meanwhile.
    let id: string | undefined
    await eventually(async () => {
      const clients = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'))
      const line = clients.split('\n').find((entry) => entry.includes(`name=${prefix}subscriber`))
      id = line && /\bid=(\d+)/.exec(line)?.[1]
      return id !== undefined
    }, 'the subscriber is connected')
    await admin.call('CLIENT', 'KILL', 'ID', String(id))
    version = 2
    await other.publish('rows', 'n')

    await eventually(async () => (await cache.load('n', read)) === 2, 'the change is seen')
    // And once resubscribed, the cache serves from memory again.
    await eventually(async () => {
      await cache.load('n', read)
      const before = reads
      await cache.load('n', read)
      return reads === before
    }, 'caches again after reconnecting')
  } finally {
    cache.close()
    admin.disconnect()
    await other.close()
    await kv.close()
  }
})
