import { ApiError, solanaClusters } from '@satchel/core'
import type { ServerContext } from '../../identity/context'

/**
 * The JSON-RPC endpoint of a Solana cluster named by its CAIP-2 id: the configured one when the
 * server's config has one (SOLANA_RPC_URLS, by cluster name), else the cluster's
 * public endpoint.
 *
 * @throws {ApiError} `unsupported_chain_id` for a CAIP-2 id that is no Solana cluster Satchel knows.
 * @example
 * getSolanaRpcUrl(ctx, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1') // 'https://api.devnet.solana.com'
 */
export function getSolanaRpcUrl(ctx: ServerContext, caip2: string): string {
  const cluster = solanaClusters.find((candidate) => candidate.caip2 === caip2)
  if (!cluster) throw new ApiError('unsupported_chain_id', { message: `Unsupported chain id: ${caip2}` })
  return (
    ctx.config.solanaRpcUrls.get(cluster.cluster) ?? ctx.config.solanaRpcUrls.get(caip2) ?? cluster.rpcUrl
  )
}
