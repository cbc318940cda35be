import type { SatchelNodeContext } from '../types'
import { type RequestApiParameters, requestApi } from './requestApi'

/**
 * One admin call and the reader of its answer: every admin method is its route and how its answer
 * is checked, the request itself (credentials, errors, timeout) being {@link requestApi}'s alone.
 *
 * @example
 * const user = await requestJson(context, { method: 'GET', path: apiPath`/users/${userId}` }, toAdminUser)
 */
export async function requestJson<Answer>(
  context: SatchelNodeContext,
  parameters: RequestApiParameters,
  read: (body: unknown) => Answer,
): Promise<Answer> {
  return read((await requestApi(context, parameters)).body)
}
