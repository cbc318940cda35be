import type { AdminWallet, DailyWalletFigures } from '../identity/users/userWalletHooks'
import type { Db } from '../platform/db/createDatabase'
import type { ChainType } from '../vault/types'

type Row = {
  id: string
  user_id: string
  address: string
  chain_type: ChainType
  created_at: Date
  revoked_at: Date | null
}

/**
 * The wallets of these users (revoked ones too), per user, in chain type and index order.
 *
 * @example
 * const byUser = await listUsersWallets(db, ['usr_1', 'usr_2'])
 */
export async function listUsersWallets(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, AdminWallet[]>> {
  const byUser = new Map<string, AdminWallet[]>()
  if (userIds.length === 0) return byUser
  const rows = await db.query<Row>(
    `select id, user_id, address, chain_type, created_at, revoked_at from wallets
     where user_id = any($1) order by user_id, chain_type, derivation_index`,
    [userIds],
  )
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? []
    list.push({
      id: row.id,
      userId: row.user_id,
      address: row.address,
      chainType: row.chain_type,
      createdAt: row.created_at,
      revokedAt: row.revoked_at,
    })
    byUser.set(row.user_id, list)
  }
  return byUser
}

/**
 * The app's user whose embedded wallet has `address` (EVM addresses are compared lower-case).
 *
 * @example
 * const userId = await findWalletUserId(db, appId, '0xabc...')
 */
export async function findWalletUserId(db: Db, appId: string, address: string): Promise<string | undefined> {
  const [row] = await db.query<{ user_id: string }>(
    `select user_id from wallets where app_id = $1 and (address = $2 or lower(address) = lower($2)) limit 1`,
    [appId, address],
  )
  return row?.user_id
}

/**
 * Marks every wallet of the user revoked (`at`), or clears the mark (`null`, a restored user);
 * answers how many wallets changed.
 *
 * @example
 * await setUserWalletsRevoked(db, userId, new Date())
 */
export async function setUserWalletsRevoked(db: Db, userId: string, at: Date | null): Promise<number> {
  const rows = await db.query(
    `update wallets set revoked_at = $2 where user_id = $1 and (revoked_at is null) = ($2::timestamptz is not null)
     returning id`,
    [userId, at],
  )
  return rows.length
}

/**
 * Per UTC day from `from` to `to` (`YYYY-MM-DD`, inclusive): the app's wallets made and transactions
 * sent, zero on days with none.
 *
 * @example
 * await countDailyWalletFigures(db, appId, '2026-11-01', '2026-11-30')
 */
export async function countDailyWalletFigures(
  db: Db,
  appId: string,
  from: string,
  to: string,
): Promise<DailyWalletFigures[]> {
  const rows = await db.query<{ date: string; wallets_created: number; transactions: number }>(
    `select to_char(d, 'YYYY-MM-DD') as date,
       (select count(*)::int from wallets w where w.app_id = $1
          and w.created_at >= d at time zone 'UTC' and w.created_at < (d + interval '1 day') at time zone 'UTC') as wallets_created,
       (select count(*)::int from wallet_transactions t join wallets w on w.id = t.wallet_id where w.app_id = $1
          and t.created_at >= d at time zone 'UTC' and t.created_at < (d + interval '1 day') at time zone 'UTC') as transactions
     from generate_series($2::date::timestamp, $3::date::timestamp, interval '1 day') as d
     order by d`,
    [appId, from, to],
  )
  return rows.map((row) => ({
    date: row.date,
    walletsCreated: row.wallets_created,
    transactions: row.transactions,
  }))
}
