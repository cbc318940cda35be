import { z } from 'zod'
import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'
import { type AppSecretInfo, toAppSecretInfo } from './toAppSecretInfo'

/**
 * The app's secrets (`GET /api/v1/apps/secrets`): prefix, access and last use.
 *
 * @example
 * const secrets = await listAppSecrets(context)
 */
export async function listAppSecrets(context: SatchelNodeContext): Promise<AppSecretInfo[]> {
  const { body } = await requestApi(context, { method: 'GET', path: '/api/v1/apps/secrets' })
  return z
    .object({ data: z.array(z.unknown()) })
    .parse(body)
    .data.map(toAppSecretInfo)
}
