import type { Db } from '../../platform/db/createDatabase'
import { afterPageCursor, PAGE_CURSOR_AT, type PageCursor } from '../../platform/http/pageCursor'
import type { LoginMethod } from '../apps/types'
import { type AccountRow, toUser, type User, type UserRow } from './usersRepository'

export type ListUsersFilters = {
  createdAfter?: Date | undefined
  createdBefore?: Date | undefined
  loginMethod?: LoginMethod | undefined
}

/** The account a login method leaves on a user: its type (a LIKE pattern) and, for wallets, the chain. */
const METHOD_ACCOUNTS: Record<LoginMethod, { type: string; chainType?: 'ethereum' | 'solana' }> = {
  email: { type: 'email' },
  sms: { type: 'phone' },
  guest: { type: 'guest' },
  custom_jwt: { type: 'custom_auth' },
  siwe: { type: 'wallet', chainType: 'ethereum' },
  siws: { type: 'wallet', chainType: 'solana' },
  oauth: { type: '%\\_oauth' },
  passkey: { type: 'passkey' },
  telegram: { type: 'telegram' },
  farcaster: { type: 'farcaster' },
}

/**
 * One page of the app's users, oldest first, after `after` (keyset on `(created_at, id)`: users
 * signing up while someone pages go to the end, and no user is skipped or repeated), deleted users
 * included. Each row carries its own cursor (`cursor`).
 *
 * @example
 * const page = await listUsersPage(db, appId, { limit: 50, filters: {} })
 */
export async function listUsersPage(
  db: Db,
  appId: string,
  { after, limit, filters }: { after?: PageCursor | undefined; limit: number; filters: ListUsersFilters },
): Promise<Array<{ user: User; cursor: PageCursor }>> {
  const where = ['app_id = $1']
  const params: unknown[] = [appId]
  const add = (sql: (n: number) => string, ...values: unknown[]) => {
    where.push(sql(params.length + 1))
    params.push(...values)
  }
  if (after) add(afterPageCursor, after.at, after.id)
  if (filters.createdAfter) add((n) => `created_at >= $${n}`, filters.createdAfter)
  if (filters.createdBefore) add((n) => `created_at < $${n}`, filters.createdBefore)
  if (filters.loginMethod) {
    const account = METHOD_ACCOUNTS[filters.loginMethod]
    add(
      (n) =>
        `exists (select 1 from linked_accounts a where a.user_id = users.id and a.type like $${n}
           and ($${n + 1}::text is null or a.details->>'chain_type' = $${n + 1}))`,
      account.type,
      account.chainType ?? null,
    )
  }
  params.push(limit)
  const rows = await db.query<UserRow & { cursor_at: string }>(
    `select *, ${PAGE_CURSOR_AT} as cursor_at from users where ${where.join(' and ')}
     order by created_at, id limit $${params.length}`,
    params,
  )
  const users = await loadUsers(db, rows)
  return users.map((user, i) => ({ user, cursor: { at: rows[i]?.cursor_at ?? '0', id: user.id } }))
}

/**
 * Users from their rows, with their accounts and second factors read in two queries for all of them.
 *
 * @example
 * const users = await loadUsers(db, rows)
 */
export async function loadUsers(db: Db, rows: readonly UserRow[]): Promise<User[]> {
  const ids = rows.map((row) => row.id)
  if (ids.length === 0) return []
  const [accounts, mfa] = await Promise.all([
    db.query<AccountRow>(
      'select * from linked_accounts where user_id = any($1) order by first_verified_at, id',
      [ids],
    ),
    db.query<{ user_id: string; type: string }>(
      'select user_id, type from mfa_methods where user_id = any($1) and confirmed order by enrolled_at, type',
      [ids],
    ),
  ])
  return rows.map((row) =>
    toUser(
      row,
      accounts.filter((account) => account.user_id === row.id),
      mfa.filter((method) => method.user_id === row.id).map((method) => method.type),
    ),
  )
}

/**
 * Marks a user deleted until `purgeAfter` (the prune job then removes them), or clears the mark
 * (`deletedAt` null: restored). Answers false when the user was not in the state to change.
 *
 * @example
 * await setUserDeleted(tx, userId, { deletedAt: now, purgeAfter })
 */
export async function setUserDeleted(
  db: Db,
  userId: string,
  { deletedAt, purgeAfter }: { deletedAt: Date | null; purgeAfter: Date | null },
): Promise<boolean> {
  const rows = await db.query(
    `update users set deleted_at = $2, purge_after = $3
     where id = $1 and (deleted_at is null) = ($2::timestamptz is not null) returning id`,
    [userId, deletedAt, purgeAfter],
  )
  return rows.length > 0
}
