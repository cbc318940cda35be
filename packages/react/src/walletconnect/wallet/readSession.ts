import { isRecord } from '../../client/parse'
import { readPeer } from './readPeer'
import type { WalletConnectSession } from './types'

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/**
 * An approved session as the Connections screen lists it: the app, its chains, accounts and methods
 * (every namespace's), and when it expires.
 *
 * @example
 * readSession(kit.getActiveSessions()[topic]).expiresAt // ms since the epoch
 */
export function readSession(session: unknown): WalletConnectSession {
  const value = isRecord(session) ? session : {}
  const namespaces = isRecord(value.namespaces) ? Object.values(value.namespaces).filter(isRecord) : []
  const accounts = namespaces.flatMap((namespace) => strings(namespace.accounts))
  // A namespace may leave out `chains`: its accounts (CAIP-10, `eip155:1:0x…`) name them.
  const chains = namespaces.flatMap((namespace) => {
    const listed = strings(namespace.chains)
    return listed.length > 0
      ? listed
      : strings(namespace.accounts).map((account) => account.split(':').slice(0, 2).join(':'))
  })
  return {
    topic: typeof value.topic === 'string' ? value.topic : '',
    app: readPeer(isRecord(value.peer) ? value.peer.metadata : undefined, undefined),
    chains: [...new Set(chains)],
    accounts,
    methods: [...new Set(namespaces.flatMap((namespace) => strings(namespace.methods)))],
    expiresAt: typeof value.expiry === 'number' ? value.expiry * 1000 : 0,
  }
}
