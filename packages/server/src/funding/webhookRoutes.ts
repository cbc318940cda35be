import { ApiError, type MoonpayEnvironment, type OnrampProvider } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { clientIp } from '../identity/requestContext'
import { rateLimit, rateLimits } from '../platform/http/rateLimit'
import { advanceFundingSession, findFundingSession } from './fundingSessions'
import { readWebhookEvent } from './readWebhookEvent'
import { verifyWebhookSignature } from './verifyWebhookSignature'

/** The sandbox signs like MoonPay (`t=...,s=...` over `${t}.${raw body}`), under this header. */
export const SANDBOX_SIGNATURE_HEADER = 'satchel-sandbox-signature'
export const MOONPAY_SIGNATURE_HEADER = 'moonpay-signature-v2'

type Verifier = {
  header: string
  field: string
  secrets: Array<{ secret: string; environment: MoonpayEnvironment }>
}

/**
 * `POST /api/v1/funding/webhooks/:provider`: signed status events from Coinbase, MoonPay and the
 * sandbox. The signature is checked over the raw bytes (this plugin alone reads bodies as buffers;
 * every other route keeps the JSON parser), then the event is folded into its session's monotonic
 * status. Events for unknown sessions are acknowledged and ignored, since a retry cannot help them.
 * Each provider and source IP has its own rate limit (`too_many_requests`, which providers retry).
 */
export function fundingWebhookRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const { coinbase, moonpay, sandbox } = ctx.config.funding
  const verifiers: Record<OnrampProvider, Verifier> = {
    coinbase: {
      header: coinbase?.webhookSignatureHeader ?? 'x-hook0-signature',
      field: 'v0',
      secrets: coinbase?.webhookSecret ? [{ secret: coinbase.webhookSecret, environment: 'production' }] : [],
    },
    moonpay: {
      header: MOONPAY_SIGNATURE_HEADER,
      field: 's',
      secrets: (['production', 'sandbox'] as const).flatMap((environment) => {
        const key = moonpay[environment]?.webhookKey
        return key ? [{ secret: key, environment }] : []
      }),
    },
    sandbox: {
      header: SANDBOX_SIGNATURE_HEADER,
      field: 's',
      secrets: sandbox ? [{ secret: sandbox.webhookSecret, environment: 'sandbox' }] : [],
    },
  }

  return async (app) => {
    // Scoped to this plugin (Fastify encapsulation): the signature needs the body byte for byte.
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

    app.post(
      '/api/v1/funding/webhooks/:provider',
      {
        config: { guard: 'webhook' },
        schema: {
          tags: ['funding'],
          summary: 'Signed status events from an onramp provider',
          params: z.object({ provider: z.enum(['coinbase', 'moonpay', 'sandbox']) }),
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const { provider } = request.params
        // Counted before the signature is checked: forged requests are what the limit is for.
        await rateLimit(ctx.kv, ctx.config.rateLimitScale, [
          [`funding-webhook:${provider}:${clientIp(request)}`, rateLimits.fundingWebhookPerProviderIp],
        ])
        const verifier = verifiers[provider]
        if (verifier.secrets.length === 0)
          throw new ApiError('invalid_webhook', {
            message: `Webhooks from ${provider} are not configured on this server`,
          })
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const signedBy = verifyWebhookSignature({
          header: request.headers[verifier.header],
          rawBody,
          secrets: verifier.secrets.map((entry) => entry.secret),
          field: verifier.field,
          nowMs: ctx.now(),
        })
        let body: unknown
        try {
          body = JSON.parse(rawBody.toString('utf8'))
        } catch {
          throw new ApiError('invalid_data', { message: 'The webhook body is not JSON' })
        }
        const event = readWebhookEvent(provider, body)
        if (!event?.externalRef || !event.status) return { received: true as const }
        const session = await findFundingSession(ctx.db, provider, event.externalRef)
        // A sandbox key must not settle a production purchase (MoonPay signs each environment apart).
        if (!session || session.environment !== verifier.secrets[signedBy]?.environment) {
          request.log.info({ provider }, 'webhook for no known funding session')
          return { received: true as const }
        }
        await advanceFundingSession(ctx.db, session.id, {
          status: event.status,
          txHash: event.txHash,
          now: ctx.now(),
        })
        return { received: true as const }
      },
    )
  }
}
