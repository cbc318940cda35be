import { z } from 'zod'
import type { ServerContext } from '../../identity/context'

/** One day's figures, as `GET /api/v1/analytics/daily` answers them. */
export const dailyFiguresSchema = z.object({
  date: z.string(),
  sign_ups: z.record(z.string(), z.number()),
  active_users: z.number(),
  wallets_created: z.number(),
  signatures: z.number(),
  transactions: z.number(),
  funding: z.array(z.object({ provider: z.string(), status: z.string(), count: z.number() })),
})

export type DailyFigures = z.infer<typeof dailyFiguresSchema>

type AuditDay = {
  date: string
  kind: 'sign_up' | 'active' | 'signature' | 'funding'
  key: string | null
  status: string | null
  n: number
}

/**
 * An app's figures per UTC day from `from` to `to` (`YYYY-MM-DD`, inclusive), every day present.
 * Sign-ups by method, daily active users (distinct users with any request of theirs audited: a login,
 * a signature, an export...), successful signatures and the funding sessions opened (`pending`) or
 * reaching a status that day come from the audit log, which is never pruned, so old days keep their
 * figures after sessions and funding rows are. Wallets made and transactions sent come from the
 * wallets layer, which owns those tables (`ctx.userWallets.countDaily`).
 *
 * @example
 * const days = await readDailyFigures(ctx, appId, '2026-11-01', '2026-11-27')
 */
export async function readDailyFigures(
  ctx: Pick<ServerContext, 'db' | 'userWallets'>,
  appId: string,
  from: string,
  to: string,
): Promise<DailyFigures[]> {
  const [audit, wallets] = await Promise.all([
    ctx.db.query<AuditDay>(
      `with entries as (
         select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as date, * from audit_log
         where app_id = $1 and created_at >= $2::date::timestamp at time zone 'UTC'
           and created_at < ($3::date + 1)::timestamp at time zone 'UTC'
       )
       select date, 'sign_up' as kind, substr(action, 7) as key, null as status, count(*)::int as n from entries
         where action like 'login.%' and details->>'new_user' = 'true' group by date, action
       union all
       select date, 'sign_up', 'admin', null, count(*)::int from entries
         where action = 'user.created_by_admin' group by date
       union all
       select date, 'active', null, null, count(distinct user_id)::int from entries
         where user_id is not null and session_id is not null group by date
       union all
       select date, 'signature', null, null, count(*)::int from entries
         where action = 'wallet.rpc' and outcome = 'success' group by date
       union all
       select date, 'funding', details->>'provider',
         case when action = 'funding.session_created' then 'pending' else details->>'status' end, count(*)::int
         from entries where action in ('funding.session_created', 'funding.status_changed') group by 1, 3, 4`,
      [appId, from, to],
    ),
    ctx.userWallets.countDaily(appId, from, to),
  ])
  return wallets.map((day) => {
    const rows = audit.filter((row) => row.date === day.date)
    const sum = (kind: AuditDay['kind']) =>
      rows.filter((row) => row.kind === kind).reduce((total, row) => total + row.n, 0)
    return {
      date: day.date,
      sign_ups: Object.fromEntries(
        rows.filter((row) => row.kind === 'sign_up').map((row) => [row.key ?? 'unknown', row.n]),
      ),
      active_users: sum('active'),
      wallets_created: day.walletsCreated,
      signatures: sum('signature'),
      transactions: day.transactions,
      funding: rows
        .filter((row) => row.kind === 'funding')
        .map((row) => ({ provider: row.key ?? 'unknown', status: row.status ?? 'unknown', count: row.n })),
    }
  })
}
