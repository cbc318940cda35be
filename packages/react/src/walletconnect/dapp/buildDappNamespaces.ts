import type { ProposalTypes } from '@walletconnect/types'

/** What the dApp role asks a wallet for: the methods issue 9 names, and the chain and account events. */
export const WALLETCONNECT_DAPP_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
] as const
export const WALLETCONNECT_DAPP_EVENTS = ['accountsChanged', 'chainChanged'] as const

/**
 * The `eip155` namespace the dApp proposes: the app's chains as CAIP-2 ids, the three signing methods
 * and the two events. Everything goes in `optionalNamespaces`: sign-client 2.25 folds required
 * namespaces into optional ones anyway (and wallets reject a proposal whose required chains they lack),
 * so a wallet that serves only some of the app's chains can still connect.
 *
 * @example
 * buildDappNamespaces([1, 8453]).eip155.chains // ['eip155:1', 'eip155:8453']
 */
export function buildDappNamespaces(chains: readonly number[]): {
  eip155: ProposalTypes.BaseRequiredNamespace
} {
  if (chains.length === 0) throw new Error('WalletConnect needs at least one chain')
  return {
    eip155: {
      chains: chains.map((id) => `eip155:${id}`),
      methods: [...WALLETCONNECT_DAPP_METHODS],
      events: [...WALLETCONNECT_DAPP_EVENTS],
    },
  }
}
