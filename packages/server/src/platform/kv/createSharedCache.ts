import type { Kv, Subscription } from './createKv'

/** Past this share of its ttl, an entry in use is read again in the background. */
const REFRESH_AFTER = 0.75

export type SharedCache<V> = {
  /**
   * The cached value of `key`, else `fetch()`'s answer, which is kept only when no invalidation was
   * heard while it was read (a read racing a change could otherwise cache the state from before it).
   * `undefined` answers are not cached. Loads of one key at the same time share one read (unless an
   * invalidation came between them), and an entry in the last quarter of its ttl is answered at once
   * while it is read again in the background: a key in steady use never makes a request wait for the
   * source, and its expiry never sends every request in flight to the source together.
   */
  load(key: string, fetch: () => Promise<V | undefined>): Promise<V | undefined>
  /**
   * Drops `keys` (entry keys, or tags given by `tagsOf`) here at once and on every other instance as
   * soon as the message arrives. Call it after the change is committed. Never rejects: when the
   * message cannot be sent, `onPublishError` hears why, and other instances drop their copy within
   * `ttlMs`.
   */
  invalidate(keys: readonly string[]): Promise<void>
  /** Stops listening and empties the cache. */
  close(): void
}

export type CreateSharedCacheParameters<V> = {
  kv: Kv
  /** The invalidation channel: one per kind of cached thing. */
  channel: string
  /** The longest an entry is trusted, even if an invalidation was lost (Redis unreachable when sent). */
  ttlMs: number
  /** Most entries; the oldest goes first. */
  maxEntries: number
  /** Extra names an entry answers to in {@link SharedCache.invalidate} (e.g. `user:<id>`). */
  tagsOf?: (value: V) => readonly string[]
  /** Milliseconds (the server's clock). */
  now: () => number
  /** Told when an invalidation could not be sent to the other instances. */
  onPublishError?: (error: unknown) => void
}

/**
 * A per-process read-through cache whose entries every instance drops when any instance changes the
 * underlying rows, through the shared store's pub/sub: a change made on instance A is honoured on
 * instance B as soon as B hears the message (milliseconds), and within `ttlMs` even if the message
 * was lost. While the subscription is not confirmed live (starting, or Redis unreachable), the cache
 * is bypassed: every read goes to the source, as if there were no cache.
 *
 * @example
 * const sessions = createSharedCache<SessionState>({ kv, channel: 'sessions', ttlMs: 5_000, maxEntries: 10_000, now })
 * const state = await sessions.load(sid, () => readSession(db, sid))
 * await sessions.invalidate([sid]) // after `update sessions set revoked_at = ...`
 */
export function createSharedCache<V>({
  kv,
  channel,
  ttlMs,
  maxEntries,
  tagsOf,
  now,
  onPublishError,
}: CreateSharedCacheParameters<V>): SharedCache<V> {
  const entries = new Map<string, { value: V; at: number }>()
  // The read of each key in progress, and the epoch it started in (only that epoch may join it).
  const reads = new Map<string, { epoch: number; answer: Promise<V | undefined> }>()
  // Bumped by every invalidation heard and every gap: a read that started before keeps its answer
  // for itself but neither caches it nor is shared with loads that came after.
  let epoch = 0

  const drop = (names: readonly string[]) => {
    epoch++
    const wanted = new Set(names)
    for (const name of names) entries.delete(name)
    if (!tagsOf) return
    for (const [key, entry] of entries) {
      if (tagsOf(entry.value).some((tag) => wanted.has(tag))) entries.delete(key)
    }
  }
  const subscription: Subscription = kv.subscribe(channel, {
    onMessage: (message) => drop(message.split('\n')),
    onGap: () => {
      epoch++
      entries.clear()
    },
  })

  /** Reads `key` from the source (or joins the read already under way) and caches what it learns. */
  const read = (key: string, fetch: () => Promise<V | undefined>): Promise<V | undefined> => {
    const pending = reads.get(key)
    if (pending && pending.epoch === epoch) return pending.answer
    const started = epoch
    const at = now()
    const answer = fetch().then((value) => {
      if (epoch === started && subscription.listening()) {
        // A refresh that finds the row gone (revoked, deleted) drops what was cached of it.
        entries.delete(key)
        if (value !== undefined) {
          if (entries.size >= maxEntries) {
            const oldest = entries.keys().next().value
            if (oldest !== undefined) entries.delete(oldest)
          }
          entries.set(key, { value, at })
        }
      }
      return value
    })
    reads.set(key, { epoch: started, answer })
    const done = () => {
      if (reads.get(key)?.answer === answer) reads.delete(key)
    }
    answer.then(done, done)
    return answer
  }

  return {
    async load(key, fetch) {
      // Without a live subscription, invalidations may go unheard: no cache, no shared reads.
      if (!subscription.listening()) return fetch()
      const hit = entries.get(key)
      if (hit) {
        const age = now() - hit.at
        if (age < ttlMs) {
          // A failed refresh changes nothing: the entry expires, and the next load reads for itself.
          if (age >= ttlMs * REFRESH_AFTER) read(key, fetch).catch(() => {})
          return hit.value
        }
        entries.delete(key)
      }
      return read(key, fetch)
    },
    async invalidate(keys) {
      if (keys.length === 0) return
      drop(keys)
      try {
        await kv.publish(channel, keys.join('\n'))
      } catch (error) {
        onPublishError?.(error)
      }
    },
    close() {
      subscription.close()
      entries.clear()
    },
  }
}
