import { readList } from '../api/readList'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { type AppSecretInfo, toAppSecretInfo } from './toAppSecretInfo'

/**
 * The app's secrets (`GET /api/v1/apps/secrets`): prefix, access and last use.
 *
 * @example
 * const secrets = await listAppSecrets(context)
 */
export async function listAppSecrets(context: SatchelNodeContext): Promise<AppSecretInfo[]> {
  return requestJson(context, { method: 'GET', path: '/api/v1/apps/secrets' }, readList(toAppSecretInfo))
}
