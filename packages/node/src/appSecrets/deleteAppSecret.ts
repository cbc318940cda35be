import { apiPath } from '../api/apiPath'
import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'

/**
 * Deletes one of the app's secrets (`DELETE /api/v1/apps/secrets/:secret_id`); it stops working at
 * once. The app's last full secret cannot be deleted.
 *
 * @throws {ApiError} `last_full_app_secret`; `not_found` for a secret that is not the app's.
 * @example
 * await deleteAppSecret(context, { secretId: 'sec_...' })
 */
export async function deleteAppSecret(
  context: SatchelNodeContext,
  { secretId }: { secretId: string },
): Promise<void> {
  await requestApi(context, { method: 'DELETE', path: apiPath`/apps/secrets/${secretId}` })
}
