/**
 * Where the SDK keeps the session between page loads. Web Storage's shape, so `localStorage`,
 * `sessionStorage` or an app's own store (React Native's AsyncStorage through a wrapper) fit.
 */
export type SatchelStorage = {
  getItem(key: string): string | null | Promise<string | null>
  setItem(key: string, value: string): void | Promise<void>
  removeItem(key: string): void | Promise<void>
}

/**
 * A storage that lives as long as the page (server-side rendering, tests, or an app that wants no
 * persistence).
 *
 * @example
 * createSatchelClient({ appId, serverUrl, storage: createMemoryStorage() })
 */
export function createMemoryStorage(): SatchelStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

/**
 * `localStorage` when the page has it (read at call time, never at import), memory otherwise.
 *
 * @example
 * const storage = createDefaultStorage()
 */
export function createDefaultStorage(): SatchelStorage {
  const memory = createMemoryStorage()
  // Safari in private mode and sandboxed iframes throw on access: fall back to memory then.
  const local = (): Storage | undefined => {
    try {
      return typeof localStorage === 'undefined' ? undefined : localStorage
    } catch {
      return undefined
    }
  }
  return {
    getItem: (key) => (local() ?? memory).getItem(key),
    setItem: (key, value) => (local() ?? memory).setItem(key, value),
    removeItem: (key) => (local() ?? memory).removeItem(key),
  }
}
