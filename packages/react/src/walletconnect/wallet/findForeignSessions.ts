import type { SatchelClient } from '../../client/createSatchelClient'
import type { WalletConnectSession } from './types'

/**
 * The signed-in user's embedded Ethereum addresses (none while signed out).
 *
 * @example
 * getEthereumAddresses(client) // ['0xabc…']
 */
export function getEthereumAddresses(client: SatchelClient): string[] {
  const state = client.getState()
  if (state.status !== 'authenticated') return []
  return state.wallets.wallets
    .filter((wallet) => wallet.chainType === 'ethereum')
    .map((wallet) => wallet.address)
}

/**
 * Sessions that share an address which is not the signed-in user's (another user's, or anyone's once
 * signed out): they must be disconnected, not inherited. Undefined while that cannot be judged yet
 * (the session is loading, or a first wallet is being created).
 *
 * @example
 * for (const session of findForeignSessions(client, sessions) ?? []) await disconnect(session.topic)
 */
export function findForeignSessions(
  client: SatchelClient,
  sessions: readonly WalletConnectSession[],
): WalletConnectSession[] | undefined {
  const state = client.getState()
  const known =
    state.status === 'unauthenticated' ||
    (state.status === 'authenticated' &&
      (state.wallets.status === 'ready' || state.wallets.status === 'none'))
  if (!known) return undefined
  const own = new Set(getEthereumAddresses(client).map((address) => address.toLowerCase()))
  return sessions.filter((session) =>
    session.accounts.some((account) => !own.has((account.split(':')[2] ?? '').toLowerCase())),
  )
}
