import { BaseError } from '@satchel/core'

/**
 * Thrown when anvil cannot be found, exits before it is ready, or does not answer in time. The
 * details carry anvil's own stderr, which names the real cause (a port in use, a bad state file).
 */
export class AnvilStartError extends BaseError {
  override name = 'AnvilStartError'
}

/** Thrown when the devnet's USDC cannot be deployed where every Satchel package expects it. */
export class UsdcDeployError extends BaseError {
  override name = 'UsdcDeployError'
}

/** Thrown when the treasury cannot fund an account: bad input, no USDC on the chain, or a revert. */
export class FundAccountError extends BaseError {
  override name = 'FundAccountError'
}

/** Thrown when the local Solana cluster cannot start (a port in use, an unreadable state file). */
export class SolanaClusterStartError extends BaseError {
  override name = 'SolanaClusterStartError'
}

/** Thrown when the Solana treasury cannot fund an address: bad input, or the cluster refused the transfer. */
export class FundSolanaAccountError extends BaseError {
  override name = 'FundSolanaAccountError'
}
