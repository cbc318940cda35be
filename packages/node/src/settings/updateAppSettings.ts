import { requestJson } from '../api/requestJson'
import { snakeize } from '../api/snakeize'
import type { SatchelNodeContext } from '../types'
import { type AccessList, type AppSettings, toAppSettings } from './toAppSettings'

/** The fields to change (a list replaces the whole list); the others stay as they are. */
export type UpdateAppSettingsParameters = Partial<
  Omit<AppSettings, 'id' | 'allowlist' | 'denylist'> & {
    allowlist: Partial<AccessList & { enabled: boolean }>
    denylist: Partial<AccessList>
  }
>

/**
 * Changes the app's settings (`PATCH /api/v1/apps/settings`); audited on the server with which
 * secret made the change. Answers the settings after it.
 *
 * @throws {ApiError} `invalid_data` naming the field the server refused (an origin with a path, no
 * login method, a phone that cannot exist...); `app_secret_read_only` with a read-only secret.
 * @example
 * await updateAppSettings(context, { loginMethods: ['email', 'sms'], allowlist: { enabled: true, domains: ['team.example'] } })
 */
export async function updateAppSettings(
  context: SatchelNodeContext,
  parameters: UpdateAppSettingsParameters,
): Promise<AppSettings> {
  const body = snakeize(parameters)
  return requestJson(context, { method: 'PATCH', path: '/api/v1/apps/settings', body }, toAppSettings)
}
