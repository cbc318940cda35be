import { getChain, solanaClusters } from '@satchel/core'

/**
 * A CAIP-2 chain id in words: the chain's name when Satchel knows it (`eip155:8453` is `Base`), a
 * Solana cluster's as this wallet is configured for it (`Solana Devnet (local)` on the devnet) or as
 * core names it, the id itself otherwise.
 *
 * @example
 * describeChain('eip155:1') // 'Ethereum'
 * describeChain('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', clusters) // 'Solana Devnet (local)'
 */
export function describeChain(
  caip2: string,
  configured: readonly { caip2: string; name: string }[] = [],
): string {
  const cluster =
    configured.find((entry) => entry.caip2 === caip2) ?? solanaClusters.find((entry) => entry.caip2 === caip2)
  if (cluster) return cluster.name
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caip2)
  if (!match) return caip2
  try {
    return getChain(Number(match[1])).name
  } catch {
    return `Chain ${match[1]}`
  }
}
