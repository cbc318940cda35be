import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { clientIp } from '../../identity/requestContext'
import { createId } from '../../platform/crypto/tokens'
import { assertOwnedAddresses } from '../assertOwnedAddresses'
import { fundingInitRoute } from '../fundingInitRoute'
import { createFundingSession } from '../fundingSessions'
import { fundingStatusRoute } from '../fundingStatusRoute'
import { readTxHash } from '../readTxHash'
import {
  coinbaseAssetSymbols,
  coinbaseNetworkChainIds,
  isCoinbaseAsset,
  isCoinbaseNetwork,
} from './coinbaseNetworks'
import { type CoinbaseApi, createCoinbaseApi } from './createCoinbaseApi'
import { readCoinbaseStatus } from './readCoinbaseStatus'

const initBody = z.object({
  addresses: z
    .array(
      z.object({
        address: z.string().min(1).max(100),
        blockchains: z.array(z.string().min(1).max(40)).min(1).max(10),
      }),
    )
    .min(1)
    .max(10),
  assets: z.array(z.string().min(1).max(20)).max(10).optional(),
})

const initAnswer = z.object({
  /** The Satchel app id: the client's `appId` for core's buildCoinbaseOnrampUrl (endPartnerName). */
  app_id: z.string(),
  channel_id: z.string(),
  partner_user_id: z.string(),
  session_token: z.string(),
  /** Coinbase's buy page for this server (COINBASE_PAY_URL): the `baseUrl` for buildCoinbaseOnrampUrl. */
  onramp_base_url: z.string(),
})

/**
 * Coinbase Onramp: `init` asks Coinbase for a single-use session token for the user's addresses
 * (authenticated with a CDP key JWT) and records a funding session under a random partnerUserRef;
 * `status` answers from webhooks and Coinbase's transaction status API.
 */
export function coinbaseOnrampRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const config = ctx.config.funding.coinbase
  const api: CoinbaseApi | undefined = config && createCoinbaseApi(config, () => ctx.now())
  const requireApi = (): CoinbaseApi => {
    if (!api) throw new ApiError('not_found', { message: 'Coinbase Onramp is not configured on this server' })
    return api
  }

  return async (app) => {
    await app.register(
      fundingInitRoute(ctx, {
        url: '/api/v1/funding/coinbase_on_ramp/init',
        summary: 'Get a Coinbase Onramp session token for the signed-in user’s wallets',
        body: initBody,
        answer: initAnswer,
        requireProvider: requireApi,
        init: async ({ auth, body: { addresses, assets }, provider: coinbase, request }) => {
          for (const name of addresses.flatMap((entry) => entry.blockchains))
            if (!isCoinbaseNetwork(name))
              throw new ApiError('unsupported_chain_id', {
                message: `Unknown Coinbase Onramp network ${JSON.stringify(name)}: expected one of ${Object.keys(coinbaseNetworkChainIds).join(', ')}`,
              })
          for (const symbol of assets ?? [])
            if (!isCoinbaseAsset(symbol))
              throw new ApiError('unsupported_onramp_asset', {
                message: `Unknown Coinbase Onramp asset ${JSON.stringify(symbol)}: expected one of ${Object.keys(coinbaseAssetSymbols).join(', ')}`,
              })
          await assertOwnedAddresses(
            ctx.wallets,
            auth.userId,
            addresses.map((entry) => entry.address),
          )

          // Coinbase links the purchase to this reference; it is random so Coinbase never learns who
          // the user is in Satchel, and one per session so its status is this session's alone.
          const partnerUserId = createId('fpu')
          const { token, channelId } = await coinbase.createSessionToken({
            addresses,
            assets,
            clientIp: clientIp(request),
          })
          const [first] = addresses
          const network = first?.blockchains[0]
          await createFundingSession(ctx.db, {
            userId: auth.userId,
            appId: auth.app.id,
            provider: 'coinbase',
            externalRef: partnerUserId,
            address: first?.address ?? '',
            chainId:
              network && isCoinbaseNetwork(network)
                ? (coinbaseNetworkChainIds[network] ?? undefined)
                : undefined,
            asset: assets?.[0],
            details: { addresses, assets: assets ?? [], channel_id: channelId },
            now: ctx.now(),
          })
          return {
            app_id: auth.app.id,
            channel_id: channelId,
            partner_user_id: partnerUserId,
            session_token: token,
            onramp_base_url: new URL('/buy/select-asset', config?.payUrl).toString(),
          }
        },
      }),
    )

    await app.register(
      fundingStatusRoute(ctx, {
        provider: 'coinbase',
        url: '/api/v1/funding/coinbase_on_ramp/status',
        summary: 'The status of a Coinbase Onramp purchase',
        reference: 'partnerUserId',
        requireConfigured: requireApi,
        poll: async (stored) => {
          // Newest first: the latest transaction of this session's reference decides.
          const [newest] = await requireApi().listTransactions(stored.externalRef)
          const status = readCoinbaseStatus(newest?.status)
          return status && { status, txHash: readTxHash(newest?.tx_hash) }
        },
      }),
    )
  }
}
