import type { OnrampProvider } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { findOwnFundingSession } from './findOwnFundingSession'
import { fundingRouteOptions } from './fundingRouteOptions'
import type { FundingSession } from './fundingSessions'
import {
  fundingStatusAnswerSchema,
  type ObservedFundingStatus,
  refreshFundingStatus,
  toFundingStatusAnswer,
} from './refreshFundingStatus'

export type FundingStatusRouteParameters<reference extends string> = {
  provider: OnrampProvider
  url: string
  summary: string
  /** The query parameter carrying the provider's reference for the session, as its init answered it. */
  reference: reference
  /** Throws `not_found` when the provider is not configured, before anything is looked up. */
  requireConfigured?: (() => unknown) | undefined
  /** Asks the provider's status API; without one the stored status (from webhooks) is the answer. */
  poll?: ((stored: FundingSession) => Promise<ObservedFundingStatus>) | undefined
}

/**
 * A provider's `GET .../status` route: the signed-in user's own funding session by the provider's
 * reference (another user's is `not_found`), refreshed from the provider's API when it has one. Every
 * provider answers the same shape, so the client polls them alike.
 *
 * @example
 * await app.register(fundingStatusRoute(ctx, { provider: 'sandbox', url, summary, reference: 'sessionId' }))
 */
export function fundingStatusRoute<reference extends string>(
  ctx: ServerContext,
  { provider, url, summary, reference, requireConfigured, poll }: FundingStatusRouteParameters<reference>,
): FastifyPluginAsyncZod {
  const querystring = z.object({ [reference]: z.string().min(1).max(100) } as Record<reference, z.ZodString>)
  return async (app) => {
    app.get(
      url,
      fundingRouteOptions(summary, { querystring, response: { 200: fundingStatusAnswerSchema } }),
      async (request) => {
        requireConfigured?.()
        // Validated by `querystring` above; only its key is generic.
        const { [reference]: externalRef } = request.query as Record<reference, string>
        const stored = await findOwnFundingSession(ctx, request, provider, externalRef)
        const session = poll ? await refreshFundingStatus(ctx, stored, () => poll(stored)) : stored
        return toFundingStatusAnswer(session)
      },
    )
  }
}
