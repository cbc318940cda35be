import type { Config } from '../../platform/config/loadConfig'

/**
 * How long one call to a chain's node may take: the chain's own RPC_TIMEOUTS_MS entry, else
 * RPC_TIMEOUT_MS. Solana clusters use RPC_TIMEOUT_MS.
 *
 * @example
 * getRpcTimeoutMs(ctx.config, 8453) // 10_000 unless configured otherwise
 */
export function getRpcTimeoutMs(config: Pick<Config, 'rpcTimeoutMs'>, chainId?: number): number {
  return (chainId !== undefined && config.rpcTimeoutMs.byChainId.get(chainId)) || config.rpcTimeoutMs.default
}
