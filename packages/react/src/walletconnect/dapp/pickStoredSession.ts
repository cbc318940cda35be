import type { SessionTypes } from '@walletconnect/types'
import { readWalletConnectSession, type WalletConnectSession } from './readWalletConnectSession'

/**
 * The session to take up again after a page load, from those the WalletConnect client kept in its
 * storage: the most recent one (the latest expiry: sessions last 7 days from approval or extension)
 * that has not expired and still shares an Ethereum account on one of the app's chains.
 *
 * @example
 * const session = pickStoredSession(client.session.getAll(), [1, 8453], Date.now())
 */
export function pickStoredSession(
  stored: readonly SessionTypes.Struct[],
  appChains: readonly number[],
  now: number,
): WalletConnectSession | undefined {
  let best: WalletConnectSession | undefined
  for (const struct of stored) {
    // Storage is written by the SDK from what wallets sent: read it as carefully as a live session.
    const session = readWalletConnectSession(struct, appChains)
    if (session.expiresAt <= now || session.accounts.length === 0 || session.chains.length === 0) continue
    if (!best || session.expiresAt > best.expiresAt) best = session
  }
  return best
}
