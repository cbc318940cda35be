import { BaseError } from '../errors/BaseError'
import { chains } from './chains'
import type { SatchelChain } from './types'

/** Thrown for a chain id Satchel does not know. */
export class UnknownChainError extends BaseError {
  override name = 'UnknownChainError'
  /** The id that was asked for, exactly as given. */
  readonly chainId: number

  constructor(chainId: number) {
    super(`Unknown chain id: ${chainId}`, {
      details: `Known chain ids: ${chains.map((chain) => chain.id).join(', ')}.`,
    })
    this.chainId = chainId
  }
}

export type GetChainErrorType = UnknownChainError

/**
 * The chain with this id.
 *
 * @throws {UnknownChainError} when no chain has this id.
 * @example
 * getChain(8453).name // 'Base'
 * getChain(8453).caip2 // 'eip155:8453'
 */
export function getChain(id: number): SatchelChain {
  const chain = chains.find((candidate) => candidate.id === id)
  if (!chain) throw new UnknownChainError(id)
  return chain
}
