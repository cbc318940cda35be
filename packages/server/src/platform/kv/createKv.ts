import { Redis } from 'ioredis'

/** Shared short-lived counters and flags: rate limits, code attempts, nonces, replay guards. */
export type Kv = {
  kind: 'redis' | 'memory'
  /** Adds 1 and returns the new count; the key expires `ttlSeconds` after its first increment. */
  increment(key: string, ttlSeconds: number): Promise<number>
  /** Sets the key only if absent (atomically); true when this call set it. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>
  /** Sets the key, replacing any value, to expire `ttlSeconds` from now (a lease renewed by its holder). */
  set(key: string, value: string, ttlSeconds: number): Promise<void>
  /**
   * {@link Kv.increment} of `counter` and, only while its count is within `counter.limit`, a
   * {@link Kv.setIfAbsent} of `claim`: one atomic step in one round trip, for a single-use mark that
   * a rate limit guards (a signed request counted against its wallet and claimed against replays).
   * `claimed` is false when over the limit or when the mark was already set.
   */
  incrementAndClaim(
    counter: { key: string; ttlSeconds: number; limit: number },
    claim: { key: string; ttlSeconds: number },
  ): Promise<{ count: number; claimed: boolean }>
  /**
   * {@link Kv.increment} of each counter in order, stopping after the first whose count goes over its
   * `limit` (the counters after it are not counted): one atomic step in one round trip. True when
   * every counter stayed within its limit.
   */
  incrementInOrder(
    counters: ReadonlyArray<{ key: string; ttlSeconds: number; limit: number }>,
  ): Promise<boolean>
  get(key: string): Promise<string | undefined>
  /** Removes the key and returns its value, atomically (single use). */
  take(key: string): Promise<string | undefined>
  delete(key: string): Promise<void>
  /**
   * Sends `message` to every subscriber of `channel` on this store, in every instance (this one
   * included). Resolves once the store has taken it; rejects when it cannot be sent.
   */
  publish(channel: string, message: string): Promise<void>
  /**
   * Hears every message published on `channel` from now on. `onGap` is called whenever messages may
   * have been missed (the connection to the store dropped); `listening()` is true only while the
   * subscription is confirmed and live, so a cache relying on the messages must not be trusted while
   * it is false.
   */
  subscribe(channel: string, handlers: SubscriptionHandlers): Subscription
  /** Resolves when the store answers (readiness); rejects when it cannot be reached. */
  ping(): Promise<void>
  close(): Promise<void>
}

export type SubscriptionHandlers = { onMessage(message: string): void; onGap(): void }
export type Subscription = { listening(): boolean; close(): void }

/**
 * Redis when `redisUrl` is given (correct across several API instances), an in-process map otherwise.
 *
 * @example
 * const kv = createKv(process.env.REDIS_URL)
 * if ((await kv.increment(`rl:ip:${ip}`, 60)) > 30) throw new ApiError('too_many_requests')
 */
export function createKv(redisUrl: string | undefined, prefix = 'satchel:'): Kv {
  return redisUrl ? createRedisKv(redisUrl, prefix) : createMemoryKv()
}

function createRedisKv(url: string, prefix: string): Kv {
  // Auto-pipelining sends the commands of one event-loop turn in one write: under load, the replay
  // guards of many concurrent wallet requests cost one round trip and one system call together.
  const redis = new Redis(url, {
    keyPrefix: prefix,
    maxRetriesPerRequest: 2,
    lazyConnect: false,
    enableAutoPipelining: true,
  })
  redis.on('error', () => {}) // reported through failing commands instead of crashing the process
  // One script call (EVALSHA) rather than MULTI/INCR/EXPIRE/EXEC: it rides the auto-pipeline with the
  // request's other commands (a MULTI block is its own write), and the window starts atomically.
  redis.defineCommand('incrementWindow', {
    numberOfKeys: 1,
    lua: "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n",
  })
  // Two keys in one script: fine on the single Redis server Satchel is configured with (REDIS_URL).
  redis.defineCommand('incrementAndClaim', {
    numberOfKeys: 2,
    lua: [
      "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end",
      'if n > tonumber(ARGV[2]) then return {n, 0} end',
      "if redis.call('SET', KEYS[2], '1', 'EX', ARGV[3], 'NX') then return {n, 1} end",
      'return {n, 0}',
    ].join('\n'),
  })
  // Any number of keys: the first argument says how many.
  redis.defineCommand('incrementInOrder', {
    lua: [
      'for i, key in ipairs(KEYS) do',
      "  local n = redis.call('INCR', key) if n == 1 then redis.call('EXPIRE', key, ARGV[2 * i - 1]) end",
      '  if n > tonumber(ARGV[2 * i]) then return 0 end',
      'end',
      'return 1',
    ].join('\n'),
  })
  const scripts = redis as unknown as {
    incrementWindow(key: string, ttl: number): Promise<number>
    incrementInOrder(keyCount: number, ...keysThenTtlsAndLimits: (string | number)[]): Promise<number>
    incrementAndClaim(
      counter: string,
      claim: string,
      ttl: number,
      limit: number,
      claimTtl: number,
    ): Promise<[number, number]>
  }
  const channels = createRedisChannels(url, prefix)
  return {
    kind: 'redis',
    increment: (key, ttlSeconds) => scripts.incrementWindow(key, ttlSeconds),
    async setIfAbsent(key, value, ttlSeconds) {
      return (await redis.set(key, value, 'EX', ttlSeconds, 'NX')) === 'OK'
    },
    async set(key, value, ttlSeconds) {
      await redis.set(key, value, 'EX', ttlSeconds)
    },
    async incrementAndClaim(counter, claim) {
      const [count, claimed] = await scripts.incrementAndClaim(
        counter.key,
        claim.key,
        counter.ttlSeconds,
        counter.limit,
        claim.ttlSeconds,
      )
      return { count, claimed: claimed === 1 }
    },
    async incrementInOrder(counters) {
      const within = await scripts.incrementInOrder(
        counters.length,
        ...counters.map((counter) => counter.key),
        ...counters.flatMap((counter) => [counter.ttlSeconds, counter.limit]),
      )
      return within === 1
    },
    async get(key) {
      return (await redis.get(key)) ?? undefined
    },
    async take(key) {
      return (await redis.getdel(key)) ?? undefined
    },
    async delete(key) {
      await redis.del(key)
    },
    async publish(channel, message) {
      // Channels are not keys: ioredis does not prefix them, so the store's prefix is added here.
      await redis.publish(`${prefix}${channel}`, message)
    },
    subscribe: (channel, handlers) => channels.subscribe(channel, handlers),
    async ping() {
      await redis.ping()
    },
    async close() {
      await channels.close()
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}

/**
 * Subscriptions over one dedicated Redis connection, opened on first use. Subscriptions are made
 * again by hand on every reconnect, and only once Redis has confirmed them are they `listening`:
 * between a drop and that confirmation, messages are lost, which every subscriber hears as a gap.
 */
function createRedisChannels(url: string, prefix: string) {
  const handlers = new Map<string, Set<SubscriptionHandlers>>()
  let subscriber: Redis | undefined
  let confirmed = false

  const gap = () => {
    confirmed = false
    for (const set of handlers.values()) for (const handler of set) handler.onGap()
  }
  const confirm = (connection: Redis) => {
    const names = [...handlers.keys()].map((channel) => `${prefix}${channel}`)
    if (names.length === 0) return
    connection.subscribe(...names).then(
      () => {
        if (connection.status !== 'ready') return
        // Messages sent before this point were not heard: caches start afresh.
        gap()
        confirmed = true
      },
      () => connection.disconnect(true),
    )
  }
  const connect = () => {
    const connection = new Redis(url, {
      autoResubscribe: false,
      maxRetriesPerRequest: 2,
      // Named, so an operator (or a test) can tell this connection apart in CLIENT LIST.
      connectionName: `${prefix}subscriber`,
    })
    connection.on('error', () => {})
    connection.on('ready', () => confirm(connection))
    connection.on('close', gap)
    connection.on('message', (name: string, message: string) => {
      if (!name.startsWith(prefix)) return
      for (const handler of handlers.get(name.slice(prefix.length)) ?? []) handler.onMessage(message)
    })
    return connection
  }

  return {
    subscribe(channel: string, handler: SubscriptionHandlers): Subscription {
      let set = handlers.get(channel)
      const fresh = !set
      if (!set) {
        set = new Set()
        handlers.set(channel, set)
      }
      set.add(handler)
      // A channel new to a live connection is not listening until Redis confirms it.
      if (fresh && subscriber?.status === 'ready') {
        confirmed = false
        confirm(subscriber)
      }
      subscriber ??= connect()
      return {
        listening: () => confirmed && subscriber?.status === 'ready',
        close: () => {
          set.delete(handler)
        },
      }
    },
    async close() {
      handlers.clear()
      const connection = subscriber
      subscriber = undefined
      confirmed = false
      if (connection) await connection.quit().catch(() => connection.disconnect())
    },
  }
}

function createMemoryKv(): Kv {
  const entries = new Map<string, { value: string; expiresAt: number }>()
  // One process, so delivery is immediate and nothing is ever missed.
  const listeners = new Map<string, Set<SubscriptionHandlers>>()
  const live = (key: string) => {
    const entry = entries.get(key)
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key)
      return undefined
    }
    return entry
  }
  // Expired entries are dropped lazily and by a periodic sweep, so memory stays bounded.
  const sweep = setInterval(() => {
    const now = Date.now()
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key)
  }, 60_000)
  sweep.unref()
  const increment = (key: string, ttlSeconds: number) => {
    const entry = live(key)
    const count = (entry ? Number(entry.value) : 0) + 1
    entries.set(key, {
      value: String(count),
      expiresAt: entry?.expiresAt ?? Date.now() + ttlSeconds * 1000,
    })
    return count
  }
  const setIfAbsent = (key: string, value: string, ttlSeconds: number) => {
    if (live(key)) return false
    entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 })
    return true
  }
  return {
    kind: 'memory',
    increment: async (key, ttlSeconds) => increment(key, ttlSeconds),
    setIfAbsent: async (key, value, ttlSeconds) => setIfAbsent(key, value, ttlSeconds),
    async set(key, value, ttlSeconds) {
      entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 })
    },
    async incrementAndClaim(counter, claim) {
      const count = increment(counter.key, counter.ttlSeconds)
      return { count, claimed: count <= counter.limit && setIfAbsent(claim.key, '1', claim.ttlSeconds) }
    },
    async incrementInOrder(counters) {
      return counters.every((counter) => increment(counter.key, counter.ttlSeconds) <= counter.limit)
    },
    async get(key) {
      return live(key)?.value
    },
    async take(key) {
      const value = live(key)?.value
      entries.delete(key)
      return value
    },
    async delete(key) {
      entries.delete(key)
    },
    async publish(channel, message) {
      for (const handler of listeners.get(channel) ?? []) handler.onMessage(message)
    },
    subscribe(channel, handler) {
      let set = listeners.get(channel)
      if (!set) {
        set = new Set()
        listeners.set(channel, set)
      }
      set.add(handler)
      return { listening: () => true, close: () => set.delete(handler) }
    },
    async ping() {},
    async close() {
      clearInterval(sweep)
      entries.clear()
      listeners.clear()
    },
  }
}
