import type { Kv, Subscription } from './createKv'

export type SharedCache<V> = {
  /**
   * The cached value of `key`, else `fetch()`'s answer, which is kept only when no invalidation was
   * heard while it was read (a read racing a change could otherwise cache the state from before it).
   * `undefined` answers are not cached.
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
  // Bumped by every invalidation heard and every gap: a read that started before keeps its answer
  // for itself but does not cache it.
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

  return {
    async load(key, fetch) {
      const live = subscription.listening()
      if (live) {
        const hit = entries.get(key)
        if (hit && now() - hit.at < ttlMs) return hit.value
        if (hit) entries.delete(key)
      }
      const started = epoch
      const at = now()
      const value = await fetch()
      if (value !== undefined && live && epoch === started && subscription.listening()) {
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next().value
          if (oldest !== undefined) entries.delete(oldest)
        }
        entries.set(key, { value, at })
      }
      return value
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
