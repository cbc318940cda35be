import type { WalletConnectPairing } from './types'

/**
 * A pairing as the wallet role's state holds it (times in milliseconds).
 *
 * @example
 * kit.core.pairing.getPairings().map(readPairing)
 */
export function readPairing(pairing: {
  topic: string
  active: boolean
  expiry: number
  peerMetadata?: { name?: string | undefined } | undefined
}): WalletConnectPairing {
  return {
    topic: pairing.topic,
    state: pairing.active ? 'active' : 'inactive',
    expiresAt: pairing.expiry * 1000,
    appName: pairing.peerMetadata?.name,
  }
}
