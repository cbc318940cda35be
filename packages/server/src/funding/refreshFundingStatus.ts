import { ApiError } from '@satchel/core'
import { z } from 'zod'
import type { ServerContext } from '../identity/context'
import { type FundingStatus, fundingStatusRank, toPublicFundingStatus } from './foldFundingStatus'
import { advanceFundingSession, type FundingSession } from './fundingSessions'

/** What a provider's status API said, if anything definite. */
export type ObservedFundingStatus = { status: FundingStatus; txHash?: string | undefined } | undefined

/** The answer of every `.../status` route. */
export const fundingStatusAnswerSchema = z.object({
  status: z.enum(['pending', 'success', 'failure']),
  tx_hash: z.string().optional(),
})

/**
 * A session's status, asking the provider when it has not ended yet. What the provider says is
 * folded into the stored status like a webhook (monotonic), so a poll can never undo a webhook.
 * When the provider cannot be reached the stored status is answered: the client polls again, and
 * webhooks keep arriving meanwhile.
 *
 * @example
 * const session = await refreshFundingStatus(ctx, stored, async () => ({ status: 'success' }))
 */
export async function refreshFundingStatus(
  ctx: ServerContext,
  session: FundingSession,
  poll: () => Promise<ObservedFundingStatus>,
): Promise<FundingSession> {
  if (fundingStatusRank[session.status] === fundingStatusRank.success) return session
  let observed: ObservedFundingStatus
  try {
    observed = await poll()
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'onramp_provider_error') throw error
    ctx.log.warn({ provider: session.provider, fundingSessionId: session.id }, error.shortMessage)
    return session
  }
  if (!observed) return session
  return (
    (await advanceFundingSession(ctx.db, session.id, {
      status: observed.status,
      txHash: observed.txHash,
      now: ctx.now(),
    })) ?? session
  )
}

/**
 * The status route's answer for a session.
 *
 * @example
 * toFundingStatusAnswer(session) // { status: 'success', tx_hash: '0x...' }
 */
export function toFundingStatusAnswer(session: FundingSession): z.infer<typeof fundingStatusAnswerSchema> {
  return {
    status: toPublicFundingStatus(session.status),
    ...(session.txHash ? { tx_hash: session.txHash } : {}),
  }
}
