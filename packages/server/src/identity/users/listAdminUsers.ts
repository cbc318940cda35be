import { encodePageCursor, type PageCursor } from '../../platform/http/pageCursor'
import type { ServerContext } from '../context'
import { type ListUsersFilters, listUsersPage } from './adminUserQueries'
import type { AdminUserJson } from './toAdminUser'
import { toAdminUsers } from './toAdminUsers'

export type ListAdminUsersParameters = {
  after?: PageCursor | undefined
  limit: number
  filters: ListUsersFilters & { hasWallet?: boolean | undefined }
}

/**
 * A page of the app's users for the admin API, oldest first, and the cursor of the next page (null at
 * the end). `hasWallet` is answered by the wallets layer, which owns the wallets table, so pages are
 * read until `limit` users pass it; the cursor is the last user read, so a user who does not pass is
 * never read twice and one who does is never skipped.
 *
 * @example
 * const { data, next_cursor } = await listAdminUsers(ctx, appId, { limit: 50, filters: { hasWallet: true } })
 */
export async function listAdminUsers(
  ctx: ServerContext,
  appId: string,
  { after, limit, filters }: ListAdminUsersParameters,
): Promise<{ data: AdminUserJson[]; next_cursor: string | null }> {
  const data: AdminUserJson[] = []
  let cursor = after
  for (;;) {
    // One more than asked: whether a next page exists is known without an empty last page.
    const page = await listUsersPage(ctx.db, appId, {
      after: cursor,
      limit: limit - data.length + 1,
      filters,
    })
    const more = page.length > limit - data.length
    const taken = page.slice(0, limit - data.length)
    const users = await toAdminUsers(
      ctx,
      taken.map((entry) => entry.user),
    )
    for (const user of users)
      if (filters.hasWallet === undefined || filters.hasWallet === user.wallets.length > 0) data.push(user)
    cursor = taken.at(-1)?.cursor ?? cursor
    if (!more) return { data, next_cursor: null }
    if (data.length >= limit) return { data, next_cursor: cursor ? encodePageCursor(cursor) : null }
  }
}
