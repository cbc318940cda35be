import { type Camelized, camelize } from '@satchel/core/admin'
import { z } from 'zod'
import { requestJson } from '../api/requestJson'
import { toQuery } from '../api/toQuery'
import type { SatchelNodeContext } from '../types'

const answerSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      sign_ups: z.record(z.string(), z.number()),
      active_users: z.number(),
      wallets_created: z.number(),
      signatures: z.number(),
      transactions: z.number(),
      funding: z.array(z.object({ provider: z.string(), status: z.string(), count: z.number() })),
    }),
  ),
})

/**
 * One UTC day of the app; `signUps` counts new users by the login method they signed up with
 * (`admin` for users made by the admin API).
 */
export type DailyAnalytics = Camelized<z.infer<typeof answerSchema>['days'][number]>

/**
 * The app's figures per UTC day from `from` to `to` (`YYYY-MM-DD`, at most 366 days), every day
 * present (`GET /api/v1/analytics/daily`).
 *
 * @example
 * const days = await getDailyAnalytics(context, { from: '2026-11-01', to: '2026-11-27' })
 */
export async function getDailyAnalytics(
  context: SatchelNodeContext,
  { from, to }: { from: string; to: string },
): Promise<DailyAnalytics[]> {
  const path = `/api/v1/analytics/daily?${toQuery({ from, to })}`
  return requestJson(context, { method: 'GET', path }, (body) =>
    camelize(answerSchema.parse(body).days, ['sign_ups']),
  )
}
