import { initialState, type SatchelEvent, type SatchelState, transition } from './transition'

export type SatchelStore = {
  getState(): SatchelState
  /** Runs `event` through the status machine; listeners hear only real changes. */
  dispatch(event: SatchelEvent): SatchelState
  subscribe(listener: () => void): () => void
}

/**
 * Holds the status machine's current state for `useSyncExternalStore`: `getState` returns the same
 * object until something changes, so React re-renders only on a real transition.
 *
 * @example
 * const store = createStore()
 * store.dispatch({ type: 'no_session' }).status // 'unauthenticated'
 */
export function createStore(): SatchelStore {
  let state = initialState
  const listeners = new Set<() => void>()
  return {
    getState: () => state,
    dispatch(event) {
      const next = transition(state, event)
      if (next !== state) {
        state = next
        for (const listener of [...listeners]) listener()
      }
      return state
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
