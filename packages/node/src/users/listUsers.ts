import { z } from 'zod'
import { requestApi } from '../api/requestApi'
import { toQuery } from '../api/toQuery'
import type { SatchelNodeContext } from '../types'
import { type AdminUser, toAdminUser } from './toAdminUser'

export type ListUsersParameters = {
  /** The `nextCursor` of the previous page. */
  cursor?: string | undefined
  /** 1..100 (default 50). */
  limit?: number | undefined
  createdAfter?: Date | undefined
  createdBefore?: Date | undefined
  loginMethod?: string | undefined
  hasWallet?: boolean | undefined
}

export type ListUsersReturnType = { users: AdminUser[]; nextCursor: string | null }

const pageSchema = z.object({ data: z.array(z.unknown()), next_cursor: z.string().nullable() })

/**
 * A page of the app's users, oldest first (`GET /api/v1/users`). Paging is by position, so users who
 * sign up meanwhile are neither skipped nor repeated: call again with `nextCursor` until it is null.
 *
 * @example
 * let page = await listUsers(context, { limit: 100 })
 * while (page.nextCursor) page = await listUsers(context, { cursor: page.nextCursor })
 */
export async function listUsers(
  context: SatchelNodeContext,
  parameters: ListUsersParameters = {},
): Promise<ListUsersReturnType> {
  const { body } = await requestApi(context, { method: 'GET', path: `/api/v1/users?${toQuery(parameters)}` })
  const page = pageSchema.parse(body)
  return { users: page.data.map(toAdminUser), nextCursor: page.next_cursor }
}
