export type SessionHint = {
  /** True when this app had a WalletConnect session the last time the page ran. */
  read(): boolean
  write(present: boolean): void
}

/**
 * A one-bit note in localStorage that this app has a WalletConnect session, so a page load brings the
 * WalletConnect client (a large download) in only for people who connected a wallet; everyone else never
 * loads it. The session itself (its keys) stays in the client's own storage (IndexedDB).
 * Without localStorage (server rendering, Node, a locked-down browser) it always reads false.
 *
 * @example
 * const hint = createSessionHint('satchel:app_1')
 * if (hint.read()) await dapp.restore()
 */
export function createSessionHint(prefix: string): SessionHint {
  const key = `${prefix}:walletconnect-session`
  const storage = (): Storage | undefined => {
    try {
      return globalThis.localStorage
    } catch {
      // Reading localStorage itself throws where storage is blocked.
      return undefined
    }
  }
  return {
    read() {
      try {
        return storage()?.getItem(key) === '1'
      } catch {
        return false
      }
    },
    write(present) {
      try {
        if (present) storage()?.setItem(key, '1')
        else storage()?.removeItem(key)
      } catch {
        // Full or blocked storage: the next page load just does not resume the session.
      }
    },
  }
}
