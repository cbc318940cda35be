import type { SatchelClient } from '../../client/createSatchelClient'
import type { ChainType } from '../../client/types'
import type { WalletConnectSession } from './types'

/**
 * The signed-in user's embedded wallet addresses of one kind (none while signed out).
 *
 * @example
 * getWalletAddresses(client, 'ethereum') // ['0xabc…']
 */
export function getWalletAddresses(client: SatchelClient, chainType: ChainType): string[] {
  const state = client.getState()
  if (state.status !== 'authenticated') return []
  return state.wallets.wallets
    .filter((wallet) => wallet.chainType === chainType)
    .map((wallet) => wallet.address)
}

// EVM addresses compare without case (checksums vary); Solana's base58 is case-sensitive.
const normalize = (account: string) => (account.startsWith('eip155:') ? account.toLowerCase() : account)

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
  const own = new Set([
    ...getWalletAddresses(client, 'ethereum').map((address) => address.toLowerCase()),
    ...getWalletAddresses(client, 'solana'),
  ])
  return sessions.filter((session) =>
    session.accounts.some((account) => !own.has(normalize(account).split(':')[2] ?? '')),
  )
}
