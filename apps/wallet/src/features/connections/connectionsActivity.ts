/**
 * What the navigation needs to know of WalletConnect without loading it: whether this browser uses it
 * (it has connected apps, or a link is being paired), and how many requests from apps wait.
 */
export type ConnectionsActivity = {
  /**
   * Remembered across reloads, so the wallet role starts app-wide only where apps are connected: a
   * person who never connects one never loads WalletKit.
   */
  inUse: boolean
  /** Requests from connected apps waiting for an answer. */
  pendingRequests: number
}

// Per browser, not per user: another user signing in here starts the wallet role once, which then
// disconnects the sessions that are not theirs and clears the mark.
const STORAGE_KEY = 'satchel-wallet:walletconnect-in-use'

function readInUse(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1'
  } catch {
    // Storage can be switched off; the wallet role then starts only from the Connections screen.
    return false
  }
}

function writeInUse(inUse: boolean) {
  try {
    if (inUse) localStorage.setItem(STORAGE_KEY, '1')
    else localStorage.removeItem(STORAGE_KEY)
  } catch {
    // As above: nothing is remembered, nothing breaks.
  }
}

let snapshot: ConnectionsActivity | undefined
const listeners = new Set<() => void>()

/**
 * The store behind the Connections badge: read by the shell (a few hundred bytes in the first load),
 * written by the wallet role's hooks once WalletConnect is loaded.
 *
 * @example
 * connectionsActivity.report({ pendingRequests: 1 })
 * connectionsActivity.get() // { inUse: true, pendingRequests: 1 }
 */
export const connectionsActivity = {
  get(): ConnectionsActivity {
    snapshot ??= { inUse: readInUse(), pendingRequests: 0 }
    return snapshot
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  report(patch: Partial<ConnectionsActivity>): void {
    const current = connectionsActivity.get()
    const next = { ...current, ...patch }
    if (next.inUse === current.inUse && next.pendingRequests === current.pendingRequests) return
    if (next.inUse !== current.inUse) writeInUse(next.inUse)
    snapshot = next
    for (const listener of [...listeners]) listener()
  },
}
