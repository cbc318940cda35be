import { ApiError } from '@satchel/core'
import { createId } from '../../platform/crypto/tokens'
import type { Db } from '../../platform/db/createDatabase'

export type LinkedAccountInput = {
  type: string
  /** The normalised identifier, unique per app and type (lower-case email, E.164 phone, ...). */
  subject: string
  /** Public fields shown to the user and the app (address, email, username...). Never a secret. */
  details: Record<string, unknown>
}

export type LinkedAccount = LinkedAccountInput & { id: string; firstVerifiedAt: Date; verifiedAt: Date }

export type User = {
  id: string
  appId: string
  isGuest: boolean
  hasAcceptedTerms: boolean
  createdAt: Date
  /** Set while a deleted user waits for their purge (restorable until `purgeAfter`). */
  deletedAt: Date | null
  purgeAfter: Date | null
  linkedAccounts: LinkedAccount[]
  /** Confirmed second factors (`totp`, `sms`, `passkey`), in enrolment order. */
  mfaMethods: string[]
}

export type UserRow = {
  id: string
  app_id: string
  is_guest: boolean
  has_accepted_terms: boolean
  created_at: Date
  deleted_at: Date | null
  purge_after: Date | null
}
export type AccountRow = {
  id: string
  user_id: string
  type: string
  subject: string
  details: Record<string, unknown>
  first_verified_at: Date
  verified_at: Date
}

/** Users and their linked accounts (their ways in). */
export function createUsersRepository(db: Db) {
  // One statement reads a user with their accounts and second factors (a login's profile is one
  // round trip, not three).
  async function getUser(id: string, q: Db = db): Promise<User | undefined> {
    const [row] = await q.query<ProfileRow>(`${PROFILE_SELECT} from users u where u.id = $1`, [id])
    return row && toProfileUser(row)
  }

  return {
    getUser,

    /** The user who owns this account in this app, with their profile ({@link getUser}), if any. */
    async findUserByAccount(appId: string, type: string, subject: string): Promise<User | undefined> {
      const values: unknown[] = []
      const [row] = await db.query<ProfileRow>(
        selectProfileByAccount((value) => `$${values.push(value)}`, { appId, type, subject }),
        values,
      )
      return row && toProfileUser(row)
    },

    async requireUser(id: string): Promise<User> {
      const user = await getUser(id)
      if (!user) throw new ApiError('user_does_not_exist')
      return user
    },

    /** The user who owns this account in this app, if any. */
    async findUserIdByAccount(
      appId: string,
      type: string,
      subject: string,
      q: Db = db,
    ): Promise<string | undefined> {
      const [row] = await q.query<{ user_id: string }>(
        'select user_id from linked_accounts where app_id = $1 and type = $2 and subject = $3',
        [appId, type, subject],
      )
      return row?.user_id
    },

    /**
     * The user of an account of any type with this subject (OAuth, Telegram, Farcaster, passkey...):
     * the admin lookup by "any identifier" when it is none of the shaped ones.
     */
    async findUserIdBySubject(appId: string, subject: string): Promise<string | undefined> {
      const [row] = await db.query<{ user_id: string }>(
        'select user_id from linked_accounts where app_id = $1 and subject = $2 order by first_verified_at limit 1',
        [appId, subject],
      )
      return row?.user_id
    },

    /** Counts the app's users, stopping at `atMost` (a development app's cap): never a full scan. */
    async countUsers(appId: string, atMost: number): Promise<number> {
      const [row] = await db.query<{ n: string }>(
        'select count(*) as n from (select 1 from users where app_id = $1 limit $2) capped',
        [appId, atMost],
      )
      return Number(row?.n ?? 0)
    },

    async createUser(q: Db, appId: string, account: LinkedAccountInput, isGuest = false): Promise<string> {
      const id = createId('usr')
      await q.query('insert into users (id, app_id, is_guest) values ($1, $2, $3)', [id, appId, isGuest])
      await insertAccount(q, appId, id, account)
      return id
    },

    /** Adds an account to a user; an account already owned by anyone is `linked_to_another_user`. */
    async linkAccount(q: Db, appId: string, userId: string, account: LinkedAccountInput): Promise<void> {
      await insertAccount(q, appId, userId, account)
      if (account.type !== 'guest') await q.query('update users set is_guest = false where id = $1', [userId])
    },

    async unlinkAccount(userId: string, type: string, subject: string, q: Db = db): Promise<boolean> {
      const rows = await q.query(
        'delete from linked_accounts where user_id = $1 and type = $2 and subject = $3 returning id',
        [userId, type, subject],
      )
      return rows.length > 0
    },

    async acceptTerms(userId: string): Promise<void> {
      await db.query('update users set has_accepted_terms = true, accepted_terms_at = now() where id = $1', [
        userId,
      ])
    },
  }
}

export type UsersRepository = ReturnType<typeof createUsersRepository>

async function insertAccount(
  q: Db,
  appId: string,
  userId: string,
  account: LinkedAccountInput,
): Promise<void> {
  const rows = await q.query(
    `insert into linked_accounts (id, app_id, user_id, type, subject, details) values ($1, $2, $3, $4, $5, $6)
     on conflict (app_id, type, subject) do nothing returning id`,
    [createId('acc'), appId, userId, account.type, account.subject, JSON.stringify(account.details)],
  )
  if (rows.length === 0) throw new ApiError('linked_to_another_user')
}

/** A user's row with their accounts and confirmed second factors as JSON, in the order they are shown. */
export const PROFILE_SELECT = `select u.*,
  coalesce((select json_agg(a order by a.first_verified_at, a.id) from linked_accounts a where a.user_id = u.id), '[]') as accounts,
  coalesce((select json_agg(m.type order by m.enrolled_at, m.type) from mfa_methods m where m.user_id = u.id and m.confirmed), '[]') as mfa`

/**
 * The {@link PROFILE_SELECT} of the user who owns an account in an app (at most one row), its values
 * added through `param` (which answers their `$n`), so it can also be part of a larger statement.
 *
 * @example
 * const values: unknown[] = []
 * const sql = selectProfileByAccount((v) => `$${values.push(v)}`, { appId, type: 'email', subject })
 */
export function selectProfileByAccount(
  param: (value: unknown) => string,
  { appId, type, subject }: { appId: string; type: string; subject: string },
): string {
  return `${PROFILE_SELECT} from linked_accounts l join users u on u.id = l.user_id
    where l.app_id = ${param(appId)} and l.type = ${param(type)} and l.subject = ${param(subject)}`
}

/** A row of {@link PROFILE_SELECT}: JSON carries the accounts' timestamps as text. */
export type ProfileRow = UserRow & {
  accounts: (Omit<AccountRow, 'first_verified_at' | 'verified_at'> & {
    first_verified_at: string
    verified_at: string
  })[]
  mfa: string[]
}

/**
 * A user from a {@link PROFILE_SELECT} row.
 *
 * @example
 * const user = toProfileUser(row)
 */
export function toProfileUser(row: ProfileRow): User {
  const accounts = row.accounts.map((a) => ({
    ...a,
    first_verified_at: new Date(a.first_verified_at),
    verified_at: new Date(a.verified_at),
  }))
  return toUser(row, accounts, row.mfa)
}

/**
 * A user from their row, accounts and second factors (the admin list reads many at once).
 *
 * @example
 * const user = toUser(row, accounts, ['totp'])
 */
export function toUser(row: UserRow, accounts: AccountRow[], mfaMethods: string[]): User {
  return {
    id: row.id,
    appId: row.app_id,
    isGuest: row.is_guest,
    hasAcceptedTerms: row.has_accepted_terms,
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
    purgeAfter: row.purge_after,
    linkedAccounts: accounts.map((a) => ({
      id: a.id,
      type: a.type,
      subject: a.subject,
      details: a.details,
      firstVerifiedAt: a.first_verified_at,
      verifiedAt: a.verified_at,
    })),
    mfaMethods,
  }
}

/** The user as the API answers it (snake_case, seconds since the epoch like the field's incumbent). */
export function toUserJson(user: User, extra: { mfaMethods?: string[] } = {}) {
  return {
    id: user.id,
    created_at: Math.floor(user.createdAt.getTime() / 1000),
    has_accepted_terms: user.hasAcceptedTerms,
    is_guest: user.isGuest,
    linked_accounts: user.linkedAccounts.map(toLinkedAccountJson),
    mfa_methods: extra.mfaMethods ?? user.mfaMethods,
  }
}

export function toLinkedAccountJson(account: LinkedAccount) {
  return {
    type: account.type,
    ...account.details,
    verified_at: Math.floor(account.verifiedAt.getTime() / 1000),
    first_verified_at: Math.floor(account.firstVerifiedAt.getTime() / 1000),
  }
}
