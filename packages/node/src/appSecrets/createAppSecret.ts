import { readSecret } from '../api/readSecret'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { type AppSecretInfo, toAppSecretInfo } from './toAppSecretInfo'

/**
 * Makes an app secret (`POST /api/v1/apps/secrets`, at most 5 per app): the answer is the only time
 * the secret is shown. A read-only secret may call only GET routes.
 *
 * @throws {ApiError} `app_secret_limit_reached`; `app_secret_read_only` when called with a read-only secret.
 * @example
 * const { secret } = await createAppSecret(context, { access: 'read_only' })
 */
export async function createAppSecret(
  context: SatchelNodeContext,
  { access = 'full' }: { access?: 'full' | 'read_only' } = {},
): Promise<AppSecretInfo & { secret: string }> {
  return requestJson(
    context,
    { method: 'POST', path: '/api/v1/apps/secrets', body: { access } },
    (answer) => ({
      ...toAppSecretInfo(answer),
      secret: readSecret(answer),
    }),
  )
}
