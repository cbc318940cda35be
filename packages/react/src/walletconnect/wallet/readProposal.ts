import { getWalletConnectError, type WalletConnectErrorKey } from '@satchel/core'
import { isRecord } from '../../client/parse'
import { readPeer } from './readPeer'
import { isSupportedMethod } from './supportedMethods'
import type { RequestedChain, RequestedMethod, WalletConnectProposal } from './types'

export type ReadProposalParameters = {
  /** The proposal's `params` as WalletKit gives them (from the other side: untrusted). */
  proposal: unknown
  verifyContext?: unknown
  /** The EVM chain ids this wallet serves (the app's enabled chains). */
  chains: readonly number[]
  /** The CAIP-2 ids of the Solana clusters this wallet serves (none unless given). */
  solanaChains?: readonly string[] | undefined
}

type Namespace = { chains: string[]; methods: string[]; events: string[] }

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/** Every namespace of a proposal as `{chains, methods, events}`; a key like `eip155:1` is its own chain. */
function readNamespaces(value: unknown): Namespace[] {
  if (!isRecord(value)) return []
  return Object.entries(value).flatMap(([key, namespace]) => {
    if (!isRecord(namespace)) return []
    const chains = key.includes(':') ? [key] : strings(namespace.chains)
    return [{ chains, methods: strings(namespace.methods), events: strings(namespace.events) }]
  })
}

const eip155ChainId = (caip2: string): number | undefined => {
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caip2)
  return match ? Number(match[1]) : undefined
}

const unique = (items: readonly string[]) => [...new Set(items)]

function refuse(key: WalletConnectErrorKey, message: string) {
  return { key, message }
}

/**
 * A session proposal as the Connections screen shows it: the app, each chain and method it asks for
 * flagged as served here or not, its expiry, and, when it cannot be approved, the standard error to
 * refuse it with. Since sign-client 2.2x, required namespaces arrive as optional ones; both are read,
 * and a chain or method still marked required that this wallet lacks makes the proposal unanswerable.
 *
 * @example
 * const proposal = readProposal({ proposal: event.params, verifyContext: event.verifyContext, chains: [1, 8453], solanaChains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
 * proposal.chains // [{ caip2: 'eip155:1', chainId: 1, supported: true }]
 */
export function readProposal({
  proposal,
  verifyContext,
  chains,
  solanaChains = [],
}: ReadProposalParameters): WalletConnectProposal {
  const value = isRecord(proposal) ? proposal : {}
  const required = readNamespaces(value.requiredNamespaces)
  const all = [...required, ...readNamespaces(value.optionalNamespaces)]
  const served = new Set(chains)

  const requestedChains: RequestedChain[] = unique(all.flatMap((namespace) => namespace.chains)).map(
    (caip2) => {
      const chainId = eip155ChainId(caip2)
      const supported = chainId === undefined ? solanaChains.includes(caip2) : served.has(chainId)
      return { caip2, chainId, supported }
    },
  )
  const requestedMethods: RequestedMethod[] = unique(all.flatMap((namespace) => namespace.methods)).map(
    (name) => ({ name, supported: isSupportedMethod(name) }),
  )
  const requiredChains = required.flatMap((namespace) => namespace.chains)
  const requiredMethods = required.flatMap((namespace) => namespace.methods)
  const isServed = (caip2: string) =>
    requestedChains.some((chain) => chain.caip2 === caip2 && chain.supported)

  let refusal: WalletConnectProposal['refusal']
  const missingChains = requiredChains.filter((caip2) => !isServed(caip2))
  if (!requestedChains.some((chain) => chain.supported) || missingChains.length > 0) {
    const names = (
      missingChains.length > 0 ? missingChains : requestedChains.map((chain) => chain.caip2)
    ).join(', ')
    refusal = refuse(
      'UNSUPPORTED_CHAINS',
      names
        ? `This app needs a network this wallet does not offer (${names})`
        : 'This app did not say which network it needs',
    )
  } else {
    const missingMethods = requiredMethods.filter((method) => !isSupportedMethod(method))
    const noneServed = requestedMethods.length > 0 && !requestedMethods.some((method) => method.supported)
    if (missingMethods.length > 0 || noneServed) {
      const names = (
        missingMethods.length > 0 ? missingMethods : requestedMethods.map((method) => method.name)
      ).join(', ')
      refusal = refuse(
        'UNSUPPORTED_METHODS',
        `This app needs requests this wallet does not answer (${names})`,
      )
    }
  }

  const expiry = typeof value.expiryTimestamp === 'number' ? value.expiryTimestamp : value.expiry
  return {
    id: typeof value.id === 'number' ? value.id : 0,
    pairingTopic: typeof value.pairingTopic === 'string' ? value.pairingTopic : '',
    app: readPeer(isRecord(value.proposer) ? value.proposer.metadata : undefined, verifyContext),
    chains: requestedChains,
    methods: requestedMethods,
    events: unique(all.flatMap((namespace) => namespace.events)),
    expiresAt: typeof expiry === 'number' ? expiry * 1000 : 0,
    refusal,
  }
}

/**
 * The error a refused proposal is answered with: the SDK's standard `{code, message}` (5100 for chains,
 * 5101 for methods), the requested items as context, or 5000 when the user simply declined.
 *
 * @example
 * getProposalRejection(proposal) // { code: 5100, message: 'Unsupported chains. eip155:999' }
 */
export function getProposalRejection(proposal: WalletConnectProposal): { code: number; message: string } {
  if (!proposal.refusal) return getWalletConnectError('USER_REJECTED')
  const items =
    proposal.refusal.key === 'UNSUPPORTED_CHAINS'
      ? proposal.chains.filter((chain) => !chain.supported).map((chain) => chain.caip2)
      : proposal.methods.filter((method) => !method.supported).map((method) => method.name)
  return getWalletConnectError(proposal.refusal.key, items.join(','))
}
