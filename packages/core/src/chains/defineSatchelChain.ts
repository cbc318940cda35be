import type { Chain } from 'viem'
import { BaseError } from '../errors/BaseError'
import type { SatchelChain, SatchelRpcEndpoints } from './types'

export type DefineSatchelChainParameters = {
  /** The chain's slug, such as `homestead`. */
  network: string
  /** Said explicitly for every chain: viem leaves it undefined on most mainnets. */
  testnet: boolean
  /** Replaces viem's name where Satchel shows another one. */
  name?: string
  /** A public endpoint other than viem's default; the default is reused when absent. */
  public?: SatchelRpcEndpoints
  /** Alchemy base URLs (the caller appends its key). */
  alchemy?: SatchelRpcEndpoints
  /** Infura base URLs (the caller appends its key). */
  infura?: SatchelRpcEndpoints
}

/**
 * Turns a viem chain into a {@link SatchelChain}: keeps everything viem knows (formatters,
 * serializers, contracts), adds the network slug, the public, Alchemy and Infura endpoints, an
 * explicit testnet flag and the CAIP-2 id.
 *
 * @example
 * import { mainnet } from 'viem/chains'
 * const ethereum = defineSatchelChain(mainnet, { network: 'homestead', testnet: false })
 * ethereum.caip2 // 'eip155:1'
 */
export function defineSatchelChain(chain: Chain, parameters: DefineSatchelChainParameters): SatchelChain {
  const { network, testnet, name, alchemy, infura } = parameters
  const { decimals } = chain.nativeCurrency
  // Every amount in Satchel is formatted with 18 decimals; a chain that breaks that must not slip in.
  if (decimals !== 18) throw new BaseError(`Chain ${chain.id} has ${decimals} native decimals, not 18`)
  const defaultEndpoints = chain.rpcUrls.default
  return {
    ...chain,
    name: name ?? chain.name,
    network,
    nativeCurrency: { ...chain.nativeCurrency, decimals },
    rpcUrls: {
      default: defaultEndpoints,
      public: parameters.public ?? defaultEndpoints,
      ...(alchemy ? { alchemy } : {}),
      ...(infura ? { infura } : {}),
    },
    testnet,
    caip2: `eip155:${chain.id}`,
  }
}
