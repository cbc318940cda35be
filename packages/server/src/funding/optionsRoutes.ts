import { ApiError, getOnrampSupport } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { listFundingOptions } from './listFundingOptions'

const option = z.object({
  provider: z.enum(['coinbase', 'moonpay', 'sandbox']),
  chain_id: z.number(),
  asset: z.string(),
  network: z.string().optional(),
  currency_code: z.string().optional(),
  warnings: z.array(z.string()),
})

/**
 * `GET /api/v1/funding/options?chain_id=&asset=`: which providers can fund this chain and asset, so
 * the client shows only buttons that work. An asset that is neither native nor USDC is refused with
 * the warning saying so.
 */
export function fundingOptionsRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/funding/options',
      {
        config: { guard: 'public' },
        schema: {
          tags: ['funding'],
          summary: 'The onramp providers that can fund a chain and asset',
          querystring: z.object({
            chain_id: z.coerce.number().int().positive(),
            asset: z.string().min(1).max(20),
          }),
          response: {
            200: z.object({
              chain_id: z.number(),
              asset: z.string(),
              options: z.array(option),
              warnings: z.array(z.string()),
            }),
          },
        },
      },
      async (request) => {
        const { chain_id: chainId, asset } = request.query
        const listed = listFundingOptions(ctx.config.funding, chainId, asset)
        if (listed.unknownAsset) {
          // The same words core gives, whether or not any provider is configured.
          const [warning] = getOnrampSupport({
            provider: 'sandbox',
            chainId,
            asset,
            onWarning: () => {},
          }).warnings
          throw new ApiError('unsupported_onramp_asset', { message: warning })
        }
        return {
          chain_id: chainId,
          asset,
          options: listed.options.map((entry) => ({
            provider: entry.provider,
            chain_id: entry.chainId,
            asset: entry.asset,
            ...(entry.network ? { network: entry.network } : {}),
            ...(entry.currencyCode ? { currency_code: entry.currencyCode } : {}),
            warnings: entry.warnings,
          })),
          warnings: listed.warnings,
        }
      },
    )
  }
}
