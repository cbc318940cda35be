import { z } from 'zod'

/** `GET /api/v1/analytics/daily`, camelCased by the SDK (sign-up methods too: `customJwt`). */
export const dailySchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      signUps: z.record(z.string(), z.number()),
      activeUsers: z.number(),
      walletsCreated: z.number(),
      signatures: z.number(),
      transactions: z.number(),
      funding: z.array(z.object({ provider: z.string(), status: z.string(), count: z.number() })),
    }),
  ),
})
export type Day = z.infer<typeof dailySchema>['days'][number]

/** `YYYY-MM-DD` of a date, in UTC as the server counts days. */
export const toDay = (date: Date) => date.toISOString().slice(0, 10)

/** Funding attempts over the range, by provider and status, most first. */
export function sumFunding(days: readonly Day[]): Array<{ provider: string; status: string; count: number }> {
  const totals = new Map<string, { provider: string; status: string; count: number }>()
  for (const { provider, status, count } of days.flatMap((day) => day.funding)) {
    const key = `${provider}/${status}`
    const row = totals.get(key) ?? { provider, status, count: 0 }
    row.count += count
    totals.set(key, row)
  }
  return [...totals.values()].sort((a, b) => b.count - a.count)
}
