import {
  ApiError,
  buildMoonpayUrl,
  getOnrampSupport,
  InvalidOnrampParameterError,
  type MoonpayEnvironment,
  signMoonpayUrl,
} from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { createId } from '../../platform/crypto/tokens'
import { assertOwnedAddresses } from '../assertOwnedAddresses'
import { fundingInitRoute } from '../fundingInitRoute'
import { createFundingSession } from '../fundingSessions'
import { fundingStatusRoute } from '../fundingStatusRoute'
import { getMoonpayTransactions } from './getMoonpayTransactions'
import { isMoonpayCurrencyCode, moonpayCurrencyCodes } from './moonpayCurrencyCodes'
import { readMoonpayStatus } from './readMoonpayStatus'

const amount = z.union([z.string().min(1).max(40), z.number().nonnegative()])

// MoonPay's own parameter names (camelCase), as the widget takes them.
const signBody = z.object({
  address: z.string().min(1).max(100),
  use_sandbox: z.boolean().default(false),
  config: z
    .object({
      currencyCode: z.string().min(1).max(40).optional(),
      chainId: z.number().int().positive().optional(),
      asset: z.string().min(1).max(20).optional(),
      quoteCurrencyAmount: amount.optional(),
      baseCurrencyCode: z.string().min(1).max(10).optional(),
      baseCurrencyAmount: amount.optional(),
      lockAmount: z.boolean().optional(),
      redirectURL: z.url().max(2000).optional(),
      theme: z.enum(['light', 'dark']).optional(),
      colorCode: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/)
        .optional(),
      paymentMethod: z.string().min(1).max(40).optional(),
    })
    .default({}),
})

const signAnswer = z.object({
  signed_url: z.string(),
  external_transaction_id: z.string(),
  /** Why the purchase differs from what was asked (MoonPay's fallback to Ethereum mainnet). */
  warnings: z.array(z.string()),
})

type Routed = { currencyCode: string; chainId: number | undefined; asset: string; warnings: string[] }

/**
 * MoonPay: `sign` builds the widget URL for the user's wallet (production or sandbox configuration)
 * and signs it with the secret key, which never leaves the server; `status` answers from webhooks and
 * MoonPay's transaction API.
 */
export function moonpayOnrampRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const configFor = (environment: MoonpayEnvironment) => ctx.config.funding.moonpay[environment]

  return async (app) => {
    await app.register(
      fundingInitRoute(ctx, {
        url: '/api/v1/plugins/moonpay_on_ramp/sign',
        summary: 'Sign a MoonPay widget URL for the signed-in user’s wallet',
        body: signBody,
        answer: signAnswer,
        requireProvider: ({ use_sandbox: useSandbox }) => {
          const environment: MoonpayEnvironment = useSandbox ? 'sandbox' : 'production'
          const moonpay = configFor(environment)
          if (!moonpay)
            throw new ApiError('not_found', {
              message: `MoonPay (${environment}) is not configured on this server`,
            })
          return { environment, moonpay }
        },
        init: async ({ auth, body: { address, config: widget }, provider: { environment, moonpay } }) => {
          const routed = routeMoonpayPurchase(widget)
          // The URL is signed by Satchel: an arbitrary redirect would make it a signed open redirect.
          if (
            widget.redirectURL !== undefined &&
            !auth.app.allowedOrigins.includes(new URL(widget.redirectURL).origin)
          )
            throw new ApiError('invalid_data', {
              message: "config.redirectURL must be on one of the app's allowed origins",
            })
          await assertOwnedAddresses(ctx.wallets, auth.userId, [address])

          const externalTransactionId = createId('mptx')
          let signedUrl: string
          try {
            const url = buildMoonpayUrl({
              environment,
              config: { baseUrl: moonpay.widgetUrl, publishableKey: moonpay.publishableKey },
              currencyCode: routed.currencyCode,
              walletAddress: address,
              baseCurrencyCode: widget.baseCurrencyCode,
              baseCurrencyAmount: widget.baseCurrencyAmount,
              quoteCurrencyAmount: widget.quoteCurrencyAmount,
              lockAmount: widget.lockAmount,
              externalTransactionId,
              redirectURL: widget.redirectURL,
              theme: widget.theme,
              colorCode: widget.colorCode,
              paymentMethod: widget.paymentMethod,
            })
            signedUrl = signMoonpayUrl(url, moonpay.secretKey)
          } catch (error) {
            if (error instanceof InvalidOnrampParameterError)
              throw new ApiError('invalid_data', { message: error.shortMessage })
            throw error
          }
          const amountAsked = widget.quoteCurrencyAmount ?? widget.baseCurrencyAmount
          await createFundingSession(ctx.db, {
            userId: auth.userId,
            appId: auth.app.id,
            provider: 'moonpay',
            environment,
            externalRef: externalTransactionId,
            address,
            chainId: routed.chainId,
            asset: routed.asset,
            amount: amountAsked === undefined ? undefined : String(amountAsked),
            details: { currency_code: routed.currencyCode, warnings: routed.warnings },
            now: ctx.now(),
          })
          return {
            signed_url: signedUrl,
            external_transaction_id: externalTransactionId,
            warnings: routed.warnings,
          }
        },
      }),
    )

    await app.register(
      fundingStatusRoute(ctx, {
        provider: 'moonpay',
        url: '/api/v1/funding/moonpay/status',
        summary: 'The status of a MoonPay purchase',
        reference: 'externalTransactionId',
        // A session of an environment no longer configured answers what webhooks stored.
        poll: async (stored) => {
          const moonpay = configFor(stored.environment)
          return moonpay && readMoonpayStatus(await getMoonpayTransactions(moonpay, stored.externalRef))
        },
      }),
    )
  }
}

/**
 * What MoonPay will sell: a currency code given as is, or the code for a chain and asset from the
 * spec's matrix (an unsupported chain falls back to Ethereum mainnet, with a warning).
 */
function routeMoonpayPurchase(widget: {
  currencyCode?: string | undefined
  chainId?: number | undefined
  asset?: string | undefined
}): Routed {
  const { currencyCode, chainId, asset } = widget
  if (currencyCode !== undefined) {
    if (chainId !== undefined || asset !== undefined)
      throw new ApiError('invalid_data', {
        message: 'Give config.currencyCode, or config.chainId and config.asset, not both',
      })
    if (!isMoonpayCurrencyCode(currencyCode))
      throw new ApiError('unsupported_onramp_asset', {
        message: `Unknown MoonPay currency code ${JSON.stringify(currencyCode)}: expected one of ${moonpayCurrencyCodes.join(', ')}`,
      })
    return { currencyCode, chainId: undefined, asset: currencyCode, warnings: [] }
  }
  if (chainId === undefined || asset === undefined)
    throw new ApiError('invalid_data', {
      message: 'Give config.currencyCode, or config.chainId and config.asset',
    })
  const support = getOnrampSupport({ provider: 'moonpay', chainId, asset, onWarning: () => {} })
  if (!support.supported || !support.currencyCode)
    throw new ApiError('unsupported_onramp_asset', {
      message: support.warnings.join(' ') || `MoonPay does not sell ${asset} on chain ${chainId}`,
    })
  return { currencyCode: support.currencyCode, chainId: support.chainId, asset, warnings: support.warnings }
}
