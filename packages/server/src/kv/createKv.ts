import { Redis } from 'ioredis'

/** Shared short-lived counters and flags: rate limits, code attempts, nonces, replay guards. */
export type Kv = {
  kind: 'redis' | 'memory'
  /** Adds 1 and returns the new count; the key expires `ttlSeconds` after its first increment. */
  increment(key: string, ttlSeconds: number): Promise<number>
  /** Sets the key only if absent (atomically); true when this call set it. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>
  get(key: string): Promise<string | undefined>
  /** Removes the key and returns its value, atomically (single use). */
  take(key: string): Promise<string | undefined>
  delete(key: string): Promise<void>
  close(): Promise<void>
}

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
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false })
  redis.on('error', () => {}) // reported through failing commands instead of crashing the process
  return {
    kind: 'redis',
    async increment(key, ttlSeconds) {
      const [[, count]] = (await redis.multi().incr(key).expire(key, ttlSeconds, 'NX').exec()) as [
        [unknown, number],
      ]
      return count
    },
    async setIfAbsent(key, value, ttlSeconds) {
      return (await redis.set(key, value, 'EX', ttlSeconds, 'NX')) === 'OK'
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
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}

function createMemoryKv(): Kv {
  const entries = new Map<string, { value: string; expiresAt: number }>()
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
  return {
    kind: 'memory',
    async increment(key, ttlSeconds) {
      const entry = live(key)
      const count = (entry ? Number(entry.value) : 0) + 1
      entries.set(key, {
        value: String(count),
        expiresAt: entry?.expiresAt ?? Date.now() + ttlSeconds * 1000,
      })
      return count
    },
    async setIfAbsent(key, value, ttlSeconds) {
      if (live(key)) return false
      entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 })
      return true
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
    async close() {
      clearInterval(sweep)
      entries.clear()
    },
  }
}
