import type { SatchelUser, SatchelWallet } from '../types'

/** Where the session is: always exactly one of these, never a separate "ready" flag. */
export type AuthStatus = 'loading' | 'unauthenticated' | 'authenticated'

/** Where the signed-in user's embedded wallets are. */
export type WalletsStatus = 'none' | 'creating' | 'ready' | 'error'

export type WalletsState = {
  readonly status: WalletsStatus
  readonly wallets: readonly SatchelWallet[]
  /** Why creating failed, when `status` is `error`. */
  readonly error?: Error | undefined
}

/**
 * Why the user is signed out when it was not their doing: `session_key_lost` means this browser no
 * longer has the key its session was bound to (site data cleared), so they must sign in again.
 */
export type SignedOutReason = 'session_key_lost'

/** The one state every hook reads. */
export type SatchelState =
  | { readonly status: 'loading' }
  | { readonly status: 'unauthenticated'; readonly reason?: SignedOutReason }
  | { readonly status: 'authenticated'; readonly user: SatchelUser; readonly wallets: WalletsState }

/** What can happen; `transition` decides what each means in each state. */
export type SatchelEvent =
  | { type: 'session_restored'; user: SatchelUser; wallets: readonly SatchelWallet[] }
  | { type: 'no_session'; reason?: SignedOutReason }
  | { type: 'logged_in'; user: SatchelUser; wallets: readonly SatchelWallet[] }
  | { type: 'logged_out'; reason?: SignedOutReason }
  | { type: 'user_updated'; user: SatchelUser }
  | { type: 'wallets_loaded'; wallets: readonly SatchelWallet[] }
  | { type: 'wallets_creating' }
  | { type: 'wallet_created'; wallet: SatchelWallet }
  | { type: 'wallets_failed'; error: Error }

export const initialState: SatchelState = { status: 'loading' }

function withWallet(wallets: readonly SatchelWallet[], wallet: SatchelWallet): readonly SatchelWallet[] {
  return wallets.some((known) => known.id === wallet.id) ? wallets : [...wallets, wallet]
}

function signedIn(user: SatchelUser, wallets: readonly SatchelWallet[]): SatchelState {
  return {
    status: 'authenticated',
    user,
    wallets: { status: wallets.length > 0 ? 'ready' : 'none', wallets },
  }
}

function signedOut(reason: SignedOutReason | undefined): SatchelState {
  return reason ? { status: 'unauthenticated', reason } : { status: 'unauthenticated' }
}

/**
 * The status machine: `loading -> unauthenticated | authenticated`, and inside `authenticated` the
 * wallets `none | creating | ready | error`. An event that does not apply to the current state leaves it
 * unchanged (the same object), so a wallet finishing after a logout cannot bring a user back.
 *
 * @example
 * transition({ status: 'loading' }, { type: 'no_session' }) // { status: 'unauthenticated' }
 */
export function transition(state: SatchelState, event: SatchelEvent): SatchelState {
  switch (event.type) {
    case 'session_restored':
      return state.status === 'loading' ? signedIn(event.user, event.wallets) : state
    case 'no_session':
      return state.status === 'loading' ? signedOut(event.reason) : state
    case 'logged_in':
      // A login replaces any previous user (another tab may have switched accounts).
      return signedIn(event.user, event.wallets)
    case 'logged_out':
      return state.status === 'unauthenticated' ? state : signedOut(event.reason)
  }
  if (state.status !== 'authenticated') return state
  const { wallets } = state
  switch (event.type) {
    case 'user_updated':
      return event.user.id === state.user.id ? { ...state, user: event.user } : state
    case 'wallets_loaded': {
      // A list read while a creation is under way must not hide the `creating` status.
      if (wallets.status === 'creating') return state
      return {
        ...state,
        wallets: { status: event.wallets.length > 0 ? 'ready' : 'none', wallets: event.wallets },
      }
    }
    case 'wallets_creating':
      return { ...state, wallets: { status: 'creating', wallets: wallets.wallets } }
    case 'wallet_created':
      return { ...state, wallets: { status: 'ready', wallets: withWallet(wallets.wallets, event.wallet) } }
    case 'wallets_failed':
      return wallets.status === 'creating'
        ? { ...state, wallets: { ...wallets, status: 'error', error: event.error } }
        : state
  }
}
