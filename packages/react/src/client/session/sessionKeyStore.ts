/** Keeps the session key pair between page loads. */
export type SessionKeyStore = {
  load(): Promise<CryptoKeyPair | undefined>
  save(pair: CryptoKeyPair): Promise<void>
  clear(): Promise<void>
}

/**
 * A store that lives as long as the page (Node, tests, browsers without IndexedDB).
 *
 * @example
 * createSatchelClient({ appId, serverUrl, sessionKeyStore: createMemorySessionKeyStore() })
 */
export function createMemorySessionKeyStore(): SessionKeyStore {
  let pair: CryptoKeyPair | undefined
  return {
    load: async () => pair,
    save: async (next) => {
      pair = next
    },
    clear: async () => {
      pair = undefined
    },
  }
}

function isKeyPair(value: unknown): value is CryptoKeyPair {
  return (
    typeof value === 'object' &&
    value !== null &&
    Reflect.get(value, 'privateKey') instanceof CryptoKey &&
    Reflect.get(value, 'publicKey') instanceof CryptoKey
  )
}

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/**
 * IndexedDB keeps CryptoKey objects as they are, so the private key stays non-extractable across
 * page loads: script on the page can use it to sign but can never read it out.
 *
 * @example
 * const store = createIndexedDbSessionKeyStore({ name: 'app_1' })
 */
export function createIndexedDbSessionKeyStore({ name }: { name: string }): SessionKeyStore {
  let opened: Promise<IDBDatabase> | undefined
  const open = () => {
    opened ??= (() => {
      const request = indexedDB.open('satchel-session-keys', 1)
      request.onupgradeneeded = () => request.result.createObjectStore('keys')
      return promisify(request)
    })()
    return opened
  }
  const run = async <T>(
    mode: IDBTransactionMode,
    action: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    const db = await open()
    return promisify(action(db.transaction('keys', mode).objectStore('keys')))
  }
  return {
    async load() {
      const value: unknown = await run('readonly', (store) => store.get(name))
      return isKeyPair(value) ? value : undefined
    },
    async save(pair) {
      await run('readwrite', (store) => store.put(pair, name))
    },
    async clear() {
      await run('readwrite', (store) => store.delete(name))
    },
  }
}

/**
 * IndexedDB in a browser, memory elsewhere; decided at call time so importing touches nothing.
 *
 * @example
 * const store = createDefaultSessionKeyStore({ name: 'app_1' })
 */
export function createDefaultSessionKeyStore({ name }: { name: string }): SessionKeyStore {
  return typeof indexedDB === 'undefined'
    ? createMemorySessionKeyStore()
    : createIndexedDbSessionKeyStore({ name })
}
