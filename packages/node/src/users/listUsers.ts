import { readPage } from '../api/readPage'
import { requestJson } from '../api/requestJson'
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
  const path = `/api/v1/users?${toQuery(parameters)}`
  const { items, nextCursor } = await requestJson(context, { method: 'GET', path }, readPage(toAdminUser))
  return { users: items, nextCursor }
}
