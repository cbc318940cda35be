import { BaseError } from '../errors/BaseError'
import { getChain } from './getChain'
import { getSolanaCluster, solanaClusters, UnknownSolanaClusterError } from './solana'
import type { SolanaCluster } from './types'

/** Thrown for a string that is not a CAIP-2 id of a namespace Satchel handles. */
export class InvalidCaip2Error extends BaseError {
  override name = 'InvalidCaip2Error'

  constructor(caip2: string) {
    super(`Invalid CAIP-2 chain id: ${JSON.stringify(caip2)}`, {
      details: 'Expected eip155:<decimal chain id> or solana:<first 32 characters of the genesis hash>.',
    })
  }
}

/** A CAIP-2 chain id of a namespace Satchel handles. */
export type Caip2 = `eip155:${number}` | `solana:${string}`

export type ParseCaip2ReturnType =
  | { namespace: 'eip155'; chainId: number }
  | { namespace: 'solana'; cluster: SolanaCluster }

/**
 * The CAIP-2 id of an EVM chain (by id) or a Solana cluster (by name).
 *
 * @throws {UnknownChainError} or {UnknownSolanaClusterError} when Satchel does not know it.
 * @example
 * getCaip2(8453) // 'eip155:8453'
 * getCaip2('mainnet-beta') // 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 */
export function getCaip2(chain: number | SolanaCluster): Caip2 {
  return typeof chain === 'number' ? getChain(chain).caip2 : getSolanaCluster(chain).caip2
}

// A decimal without leading zeros, so one chain has one id ('eip155:01' is not eip155:1).
const evmReference = /^[1-9][0-9]*$/

/**
 * Reads a CAIP-2 id back into an EVM chain id or a Solana cluster. Only chains Satchel knows parse.
 *
 * @throws {InvalidCaip2Error} when the string is not `eip155:<id>` or `solana:<reference>`.
 * @throws {UnknownChainError} or {UnknownSolanaClusterError} for a well-formed id of an unknown chain.
 * @example
 * parseCaip2('eip155:10') // { namespace: 'eip155', chainId: 10 }
 * parseCaip2('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1') // { namespace: 'solana', cluster: 'devnet' }
 */
export function parseCaip2(caip2: string): ParseCaip2ReturnType {
  if (typeof caip2 !== 'string') throw new InvalidCaip2Error(String(caip2))
  const separator = caip2.indexOf(':')
  const namespace = caip2.slice(0, separator)
  const reference = caip2.slice(separator + 1)
  if (separator < 0 || reference.length === 0) throw new InvalidCaip2Error(caip2)

  if (namespace === 'eip155') {
    if (!evmReference.test(reference)) throw new InvalidCaip2Error(caip2)
    return { namespace, chainId: getChain(Number(reference)).id }
  }
  if (namespace === 'solana') {
    const cluster = solanaClusters.find((candidate) => candidate.caip2 === caip2)
    if (!cluster) throw new UnknownSolanaClusterError(reference)
    return { namespace, cluster: cluster.cluster }
  }
  throw new InvalidCaip2Error(caip2)
}
