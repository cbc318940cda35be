import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { type AdminUser, toAdminUser } from './toAdminUser'

/**
 * Undoes a deletion before its `purgeAfter` (`POST /api/v1/users/:user_id/restore`).
 *
 * @throws {ApiError} `user_does_not_exist` once the grace period is over.
 * @example
 * const user = await restoreUser(context, { userId })
 */
export async function restoreUser(
  context: SatchelNodeContext,
  { userId }: { userId: string },
): Promise<AdminUser> {
  return requestJson(
    context,
    { method: 'POST', path: apiPath`/users/${userId}/restore`, body: {} },
    toAdminUser,
  )
}
