import { supportedEvents, supportedMethods } from './supportedMethods'
import type { WalletConnectProposal } from './types'

export type BuildSessionNamespacesParameters = {
  proposal: WalletConnectProposal
  /** The user's embedded Ethereum wallet addresses (the same on every EVM chain). */
  addresses: readonly string[]
}

/**
 * The namespaces a session is approved with: the proposal's chains this wallet serves, every method it
 * answers and both events, and each embedded Ethereum address on each of those chains (CAIP-10).
 *
 * @example
 * buildSessionNamespaces({ proposal, addresses: ['0xabc…'] })
 * // { eip155: { chains: ['eip155:1'], accounts: ['eip155:1:0xabc…'], methods: [...], events: [...] } }
 */
export function buildSessionNamespaces({ proposal, addresses }: BuildSessionNamespacesParameters): {
  eip155: { chains: string[]; accounts: string[]; methods: string[]; events: string[] }
} {
  const chains = proposal.chains.filter((chain) => chain.supported).map((chain) => chain.caip2)
  return {
    eip155: {
      chains,
      accounts: chains.flatMap((caip2) => addresses.map((address) => `${caip2}:${address}`)),
      methods: [...supportedMethods],
      events: [...supportedEvents],
    },
  }
}
