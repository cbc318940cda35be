import { type SupportedNamespace, supportedEvents, supportedMethods } from './supportedMethods'
import type { WalletConnectProposal } from './types'

export type BuildSessionNamespacesParameters = {
  proposal: WalletConnectProposal
  /** The user's embedded Ethereum wallet addresses (the same on every EVM chain). */
  addresses: readonly string[]
  /** The user's embedded Solana wallet addresses (the same on every cluster). */
  solanaAddresses?: readonly string[] | undefined
}

/** One approved namespace: its chains, the accounts on them (CAIP-10), methods and events. */
export type SessionNamespace = { chains: string[]; accounts: string[]; methods: string[]; events: string[] }

/**
 * The namespaces a session is approved with: for `eip155` and `solana`, the proposal's chains of that
 * namespace this wallet serves, every method it answers there and both events, and each of the user's
 * addresses of that kind on each of those chains (CAIP-10). A namespace with no served chain, or for
 * which the user has no wallet, is left out (an empty one would be refused by the app's SDK).
 *
 * @example
 * buildSessionNamespaces({ proposal, addresses: ['0xabc…'], solanaAddresses: ['7xKX…'] })
 * // { eip155: { chains: ['eip155:1'], accounts: ['eip155:1:0xabc…'], … }, solana: { chains: ['solana:5eykt…'], … } }
 */
export function buildSessionNamespaces({
  proposal,
  addresses,
  solanaAddresses = [],
}: BuildSessionNamespacesParameters): Partial<Record<SupportedNamespace, SessionNamespace>> {
  const walletAddresses: Record<SupportedNamespace, readonly string[]> = {
    eip155: addresses,
    solana: solanaAddresses,
  }
  const namespaces: Partial<Record<SupportedNamespace, SessionNamespace>> = {}
  for (const namespace of ['eip155', 'solana'] as const) {
    const chains = proposal.chains
      .filter((chain) => chain.supported && chain.caip2.startsWith(`${namespace}:`))
      .map((chain) => chain.caip2)
    const owned = walletAddresses[namespace]
    if (chains.length === 0 || owned.length === 0) continue
    namespaces[namespace] = {
      chains,
      accounts: chains.flatMap((caip2) => owned.map((address) => `${caip2}:${address}`)),
      methods: [...supportedMethods[namespace]],
      events: [...supportedEvents],
    }
  }
  return namespaces
}
