import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { type AppSettings, toAppSettings } from './toAppSettings'

/**
 * The app's settings (`GET /api/v1/apps/settings`).
 *
 * @example
 * const { loginMethods } = await getAppSettings(context)
 */
export async function getAppSettings(context: SatchelNodeContext): Promise<AppSettings> {
  return requestJson(context, { method: 'GET', path: '/api/v1/apps/settings' }, toAppSettings)
}
