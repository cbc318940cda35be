import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ServerContext } from '../identity/context'
import { coinbaseOnrampRoutes } from './coinbase/routes'
import { moonpayOnrampRoutes } from './moonpay/routes'
import { fundingOptionsRoutes } from './optionsRoutes'
import { sandboxOnrampRoutes } from './sandbox/routes'
import { fundingWebhookRoutes } from './webhookRoutes'

/**
 * Funding a wallet by card: the options for a chain and asset, Coinbase Onramp, MoonPay, the devnet's
 * sandbox, and the providers' signed webhooks. Each provider is offered only when configured.
 */
export function fundingRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fundingOptionsRoutes(ctx))
    await app.register(coinbaseOnrampRoutes(ctx))
    await app.register(moonpayOnrampRoutes(ctx))
    // The devnet's test-card onramp: never part of a production server (see checkProductionConfig).
    if (ctx.config.env !== 'production') await app.register(sandboxOnrampRoutes(ctx))
    await app.register(fundingWebhookRoutes(ctx))
  }
}
