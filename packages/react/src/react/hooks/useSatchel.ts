import { useSyncExternalStore } from 'react'
import type { SatchelClient } from '../../client/createSatchelClient'
import {
  type AuthStatus,
  initialState,
  type SatchelState,
  type SignedOutReason,
  type WalletsState,
} from '../../client/state/transition'
import type { SatchelUser } from '../../client/types'
import { useSatchelClient } from '../context'

export type UseSatchelReturnType = {
  status: AuthStatus
  /** `status !== 'loading'`: derived, so it can never disagree with the status. */
  ready: boolean
  authenticated: boolean
  /**
   * Why the user is signed out when it was not their doing: `session_key_lost` when this browser lost
   * the key its session was bound to (site data cleared), so they must sign in again. Show it to them.
   */
  signedOutReason: SignedOutReason | undefined
  user: SatchelUser | undefined
  /** The wallets' state while signed in. */
  wallets: WalletsState | undefined
  getAccessToken: () => Promise<string | undefined>
  client: SatchelClient
}

// The server render and the first browser render both see `loading`, so hydration matches.
const getServerSnapshot = (): SatchelState => initialState

/**
 * The session as one state: `loading`, then `unauthenticated` or `authenticated` with the user and
 * their wallets.
 *
 * @example
 * const { ready, authenticated, user } = useSatchel()
 * if (!ready) return <Spinner />
 */
export function useSatchel(): UseSatchelReturnType {
  const client = useSatchelClient('useSatchel')
  const state = useSyncExternalStore(client.subscribe, client.getState, getServerSnapshot)
  return {
    status: state.status,
    ready: state.status !== 'loading',
    authenticated: state.status === 'authenticated',
    signedOutReason: state.status === 'unauthenticated' ? state.reason : undefined,
    user: state.status === 'authenticated' ? state.user : undefined,
    wallets: state.status === 'authenticated' ? state.wallets : undefined,
    getAccessToken: client.getAccessToken,
    client,
  }
}
