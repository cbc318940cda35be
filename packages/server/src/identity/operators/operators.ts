import { ApiError } from '@satchel/core'
import { createId } from '../../platform/crypto/tokens'
import type { Db } from '../../platform/db/createDatabase'

export const OPERATOR_ROLES = ['owner', 'admin', 'viewer'] as const
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

/** One operator of the console, or a pending invitation (`userId` null until the email signs in). */
export type Operator = {
  id: string
  email: string
  role: OperatorRole
  userId: string | null
  invitedBy: string | null
  createdAt: Date
  acceptedAt: Date | null
}

type OperatorRow = {
  id: string
  email: string
  role: OperatorRole
  user_id: string | null
  invited_by: string | null
  created_at: Date
  accepted_at: Date | null
}

const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  email: row.email,
  role: row.role,
  userId: row.user_id,
  invitedBy: row.invited_by,
  createdAt: row.created_at,
  acceptedAt: row.accepted_at,
})

/**
 * Invites an email with a role, or changes the role of the operator who has that email already (an
 * invitation is how a role is given, whoever holds it). Emails are kept lower-case, as logins keep them.
 *
 * @example
 * await inviteOperator(ctx.db, { email: 'ops@example.com', role: 'owner', invitedBy: 'cli' })
 */
export async function inviteOperator(
  db: Db,
  { email, role, invitedBy }: { email: string; role: OperatorRole; invitedBy: string },
): Promise<Operator> {
  const [row] = await db.query<OperatorRow>(
    `insert into operators (id, email, role, invited_by) values ($1, $2, $3, $4)
     on conflict (email) do update set role = excluded.role returning *`,
    [createId('op'), email.trim().toLowerCase(), role, invitedBy],
  )
  if (!row) throw new Error('insert returned nothing')
  return toOperator(row)
}

/** Every operator and pending invitation, oldest first. */
export async function listOperators(db: Db): Promise<Operator[]> {
  const rows = await db.query<OperatorRow>('select * from operators order by created_at, id')
  return rows.map(toOperator)
}

/**
 * Removes an operator (or withdraws an invitation). The last owner stays: without one nobody could
 * invite again except from the server's shell.
 */
export async function removeOperator(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<OperatorRow>('select * from operators where id = $1 for update', [id])
    if (!row) throw new ApiError('not_found', { message: 'No such operator' })
    if (row.role === 'owner') {
      const [owners] = await tx.query<{ n: number }>(
        "select count(*)::int as n from operators where role = 'owner'",
      )
      if ((owners?.n ?? 0) <= 1)
        throw new ApiError('invalid_data', { message: 'The last owner cannot be removed' })
    }
    await tx.query('delete from operators where id = $1', [id])
  })
}

/**
 * The operator a user of the operator app is. A pending invitation for one of the user's verified
 * emails becomes theirs here, the first time they are seen: an invitation is accepted by signing in
 * with the invited email, and a person who has not is no operator at all.
 */
export async function findOperatorByUser(db: Db, userId: string): Promise<Operator | undefined> {
  const [row] = await db.query<OperatorRow>('select * from operators where user_id = $1', [userId])
  if (row) return toOperator(row)
  const [claimed] = await db.query<OperatorRow>(
    `update operators set user_id = $1, accepted_at = now()
     where user_id is null and email in (
       select subject from linked_accounts where user_id = $1 and type = 'email'
     ) returning *`,
    [userId],
  )
  return claimed ? toOperator(claimed) : undefined
}
