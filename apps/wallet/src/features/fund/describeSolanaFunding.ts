import type { FundingOptions } from '@satchel/react'
import type { SolanaCluster } from '../../shared/chains/solana/readSolanaConfig'

/** What the Fund screen reads of its providers' answer, known at once on Solana. */
export type SolanaFundingOptions = {
  data: FundingOptions
  isPending: false
  isError: false
  error: null
  refetch: () => void
}

/**
 * The providers that can pay on a Solana cluster, in the shape the Fund screen reads from the server
 * for EVM chains: the devnet's sandbox card on its local cluster (the server pays there only); no
 * card provider is wired for a real cluster in this wallet yet, and that is said.
 *
 * @example
 * describeSolanaFunding(localDevnet, true).data.options[0]?.provider // 'sandbox'
 */
export function describeSolanaFunding(cluster: SolanaCluster, local: boolean): SolanaFundingOptions {
  const data: FundingOptions = local
    ? // chainId is an EVM field; a Solana purchase names its cluster by CAIP-2 id instead.
      { options: [{ provider: 'sandbox', chainId: 0, network: cluster.caip2, warnings: [] }], warnings: [] }
    : { options: [], warnings: [`Buying on ${cluster.name} by card is not available in this wallet yet.`] }
  return { data, isPending: false, isError: false, error: null, refetch: () => {} }
}
