import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { type AdminUser, toAdminUser } from './toAdminUser'

/**
 * One user of the app (`GET /api/v1/users/:user_id`).
 *
 * @throws {ApiError} `user_does_not_exist` for a user who is not the app's.
 * @example
 * const user = await getUser(context, { userId })
 */
export async function getUser(
  context: SatchelNodeContext,
  { userId }: { userId: string },
): Promise<AdminUser> {
  return requestJson(context, { method: 'GET', path: apiPath`/users/${userId}` }, toAdminUser)
}
