import type { Chain } from 'viem'

/** One set of RPC endpoints: HTTP always, websockets where the service offers them. */
export type SatchelRpcEndpoints = {
  readonly http: readonly string[]
  readonly webSocket?: readonly string[] | undefined
}

/**
 * A chain's RPC endpoints. `default` and `public` always exist (for most chains they are the same
 * keyless public endpoint); `alchemy` and `infura` are base URLs where those services serve the
 * chain, to which the caller appends its own key (`${url}/${apiKey}`), so no key lives in core.
 */
export type SatchelRpcUrls = {
  readonly default: SatchelRpcEndpoints
  readonly public: SatchelRpcEndpoints
  readonly alchemy?: SatchelRpcEndpoints
  readonly infura?: SatchelRpcEndpoints
}

/**
 * A chain Satchel knows: a viem `Chain` (so viem and wagmi take it as is) with the fields the spec
 * requires made mandatory, plus a `network` slug and the CAIP-2 id.
 *
 * `blockExplorers` stays optional as in viem: every public chain has one, the local devnet chains
 * have none (an invented explorer URL would be a dead link in the wallet).
 */
export type SatchelChain = Chain & {
  /** A stable lowercase slug, such as `homestead`, `sepolia` or `base`. */
  readonly network: string
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: 18 }
  readonly rpcUrls: SatchelRpcUrls
  readonly testnet: boolean
  /** The CAIP-2 chain id, `eip155:<id>`. */
  readonly caip2: `eip155:${number}`
}

/** The Solana clusters Satchel knows. */
export type SolanaCluster = 'mainnet-beta' | 'devnet' | 'testnet'
