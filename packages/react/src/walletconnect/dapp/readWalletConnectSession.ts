import type { SessionTypes } from '@walletconnect/types'
import type { Address } from '../../ethereum/eip1193Methods'

/** A connected external wallet, as the dApp role shows and uses it. */
export type WalletConnectSession = {
  /** The session's relay topic. */
  topic: string
  /** The pairing it was made over (the topic in the `wc:` URI). */
  pairingTopic: string
  /** The wallet's addresses, in the order the wallet gave them, each once. */
  accounts: Address[]
  /** The EVM chain ids the wallet approved, the app's preferred one first when approved. */
  chains: number[]
  /** The methods the wallet agreed to answer. */
  methods: string[]
  /** What the wallet says about itself (shown to the person; not proof of anything). */
  peer: { name: string; description: string; url: string; icons: string[] }
  /** When the session ends unless extended, in milliseconds since the epoch (7 days from approval). */
  expiresAt: number
}

// `eip155:<chain id>:<address>` (CAIP-10). The namespaces come from the wallet: untrusted.
const caip10 = /^eip155:(\d{1,15}):(0x[0-9a-fA-F]{40})$/
const isAddress = (value: string | undefined): value is Address =>
  value !== undefined && /^0x[0-9a-fA-F]{40}$/.test(value)

/**
 * The parts of a sign-client session the dApp role needs, checked: only well-formed CAIP-10 EVM
 * accounts count, chains are ordered as the app listed them.
 *
 * @example
 * const session = readWalletConnectSession(struct, [31337])
 * session.accounts // ['0xf39F…']
 */
export function readWalletConnectSession(
  struct: SessionTypes.Struct,
  appChains: readonly number[],
): WalletConnectSession {
  const namespace = struct.namespaces.eip155
  const accounts: Address[] = []
  const chains = new Set<number>()
  for (const account of namespace?.accounts ?? []) {
    const match = caip10.exec(account)
    const address = match?.[2]
    if (!match?.[1] || !isAddress(address)) continue
    chains.add(Number(match[1]))
    if (!accounts.some((known) => known.toLowerCase() === address.toLowerCase())) accounts.push(address)
  }
  for (const chain of namespace?.chains ?? []) {
    const id = /^eip155:(\d{1,15})$/.exec(chain)?.[1]
    if (id) chains.add(Number(id))
  }
  const rank = (id: number) => {
    const index = appChains.indexOf(id)
    return index < 0 ? Number.MAX_SAFE_INTEGER : index
  }
  const metadata = struct.peer.metadata
  return {
    topic: struct.topic,
    pairingTopic: struct.pairingTopic,
    accounts,
    chains: [...chains].sort((a, b) => rank(a) - rank(b)),
    methods: [...(namespace?.methods ?? [])],
    peer: {
      name: typeof metadata.name === 'string' ? metadata.name : 'Wallet',
      description: typeof metadata.description === 'string' ? metadata.description : '',
      url: typeof metadata.url === 'string' ? metadata.url : '',
      icons: Array.isArray(metadata.icons) ? metadata.icons.filter((icon) => typeof icon === 'string') : [],
    },
    expiresAt: struct.expiry * 1000,
  }
}
