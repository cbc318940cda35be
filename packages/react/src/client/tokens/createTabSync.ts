/** What one tab tells the others about the shared session. */
export type TabMessage = { type: 'session_changed' } | { type: 'logged_out' }

export type TabSync = {
  post(message: TabMessage): void
  close(): void
}

function isTabMessage(value: unknown): value is TabMessage {
  if (typeof value !== 'object' || value === null) return false
  const type: unknown = Reflect.get(value, 'type')
  return type === 'session_changed' || type === 'logged_out'
}

/**
 * Tells the app's other tabs when this one stores new tokens or logs out, so they pick the new tokens
 * up instead of refreshing with a spent one (a spent refresh token presented again ends the session).
 * BroadcastChannel where it exists; otherwise the `storage` event of `storageKey` (fired by
 * localStorage in every other tab). Outside a browser, a no-op.
 *
 * @example
 * const sync = createTabSync({ channel: 'satchel:app_1', storageKey: 'satchel:app_1:session', onMessage })
 */
export function createTabSync({
  channel,
  storageKey,
  onMessage,
}: {
  channel: string
  storageKey: string
  onMessage: (message: TabMessage) => void
}): TabSync {
  if (typeof BroadcastChannel !== 'undefined') {
    const broadcast = new BroadcastChannel(channel)
    broadcast.onmessage = (event: MessageEvent<unknown>) => {
      if (isTabMessage(event.data)) onMessage(event.data)
    }
    return { post: (message) => broadcast.postMessage(message), close: () => broadcast.close() }
  }
  if (typeof window === 'undefined') return { post: () => {}, close: () => {} }
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey)
      onMessage(event.newValue ? { type: 'session_changed' } : { type: 'logged_out' })
  }
  window.addEventListener('storage', onStorage)
  // The storage event itself carries the news: nothing to post.
  return { post: () => {}, close: () => window.removeEventListener('storage', onStorage) }
}
