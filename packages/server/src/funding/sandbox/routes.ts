import {
  ApiError,
  getOnrampSupport,
  getSolanaCluster,
  LOCAL_BASE_CHAIN_ID,
  LOCAL_CHAIN_ID,
} from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { createId } from '../../platform/crypto/tokens'
import { assertOwnedAddresses } from '../assertOwnedAddresses'
import { fundingInitRoute } from '../fundingInitRoute'
import { createFundingSession } from '../fundingSessions'
import { fundingStatusRoute } from '../fundingStatusRoute'
import { createSandboxCheckoutToken } from './createSandboxCheckoutToken'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
// The devnet's local Solana cluster stands in for Solana devnet (SOLANA_RPC_URLS=devnet=...): the
// sandbox pays there, never on a public cluster.
const SANDBOX_SOLANA_CAIP2 = getSolanaCluster('devnet').caip2

const initBody = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$|^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'an EVM or Solana address'),
  /** An EVM chain; or `caip2` for a Solana cluster. */
  chain_id: z.number().int().positive().optional(),
  caip2: z.string().min(1).max(64).optional(),
  asset: z.string().min(1).max(20),
  amount: z.union([z.string().min(1).max(40), z.number().positive()]),
})

/**
 * The devnet's sandbox onramp: `init` records a funding session and answers the sandbox's checkout
 * link; the sandbox pays on the local chain and reports back by webhook, which `status` answers from.
 */
export function sandboxOnrampRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const sandbox = ctx.config.funding.sandbox
  const requireSandbox = () => {
    if (!sandbox)
      throw new ApiError('not_found', { message: 'The sandbox onramp is not enabled on this server' })
    return sandbox
  }

  return async (app) => {
    await app.register(
      fundingInitRoute(ctx, {
        url: '/api/v1/funding/sandbox/init',
        summary:
          'Open a sandbox checkout (test card) that pays the wallet on a local chain or the local Solana cluster',
        body: initBody,
        answer: z.object({ checkout_url: z.string(), session_id: z.string() }),
        requireProvider: requireSandbox,
        init: async ({ auth, body, provider: { url, webhookSecret } }) => {
          const { address, chain_id: chainId, caip2, asset } = body
          if ((chainId === undefined) === (caip2 === undefined))
            throw new ApiError('invalid_data', { message: 'Give either chain_id (EVM) or caip2 (Solana)' })
          if (caip2 !== undefined) {
            if (caip2 !== SANDBOX_SOLANA_CAIP2)
              throw new ApiError('unsupported_chain_id', {
                message: `The sandbox onramp pays on Solana only on the local cluster (${SANDBOX_SOLANA_CAIP2})`,
              })
            if (EVM_ADDRESS.test(address))
              throw new ApiError('invalid_data', {
                message: 'address must be a Solana address on a Solana cluster',
              })
          }
          const support = getOnrampSupport({
            provider: 'sandbox',
            chainId: chainId ?? LOCAL_CHAIN_ID,
            asset,
            onWarning: () => {},
          })
          if (!support.supported) {
            if (asset !== 'native' && asset !== 'USDC')
              throw new ApiError('unsupported_onramp_asset', { message: support.warnings.join(' ') })
            throw new ApiError('unsupported_chain_id', {
              message: `The sandbox onramp pays on the local chains ${LOCAL_CHAIN_ID} and ${LOCAL_BASE_CHAIN_ID} only`,
            })
          }
          if (chainId !== undefined && !EVM_ADDRESS.test(address))
            throw new ApiError('invalid_data', { message: 'address must be an EVM address on an EVM chain' })
          const amount = readAmount(body.amount)
          await assertOwnedAddresses(ctx.wallets, auth.userId, [address])
          const sessionId = createId('fund')
          await createFundingSession(ctx.db, {
            id: sessionId,
            userId: auth.userId,
            appId: auth.app.id,
            provider: 'sandbox',
            environment: 'sandbox',
            externalRef: sessionId,
            address,
            chainId,
            asset,
            amount,
            ...(caip2 === undefined ? {} : { details: { caip2 } }),
            now: ctx.now(),
          })
          const token = createSandboxCheckoutToken(
            {
              sessionId,
              address,
              chainId: chainId ?? null,
              caip2,
              asset: asset === 'USDC' ? 'USDC' : 'native',
              amount,
            },
            webhookSecret,
            Math.floor(ctx.now() / 1000),
          )
          const checkout = new URL('/checkout', url)
          checkout.searchParams.set('session', token)
          return { checkout_url: checkout.toString(), session_id: sessionId }
        },
      }),
    )

    // The sandbox has no status API: its webhooks are the only source.
    await app.register(
      fundingStatusRoute(ctx, {
        provider: 'sandbox',
        url: '/api/v1/funding/sandbox/status',
        summary: 'The status of a sandbox purchase',
        reference: 'sessionId',
      }),
    )
  }
}

// A plain decimal above zero, ".5" read as "0.5" (as core's onramp amounts are).
function readAmount(value: string | number): string {
  const text = String(value)
  const padded = text.startsWith('.') ? `0${text}` : text
  if (!/^\d+(\.\d+)?$/.test(padded) || !/[1-9]/.test(padded))
    throw new ApiError('invalid_data', { message: 'amount must be a decimal number above zero' })
  return padded
}
