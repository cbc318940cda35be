import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'
import { type Policy, toPolicy } from './toPolicy'

/**
 * One policy of the app.
 *
 * @throws {ApiError} `not_found` for a policy that is not the app's.
 * @example
 * const policy = await getPolicy(context, { policyId })
 */
export async function getPolicy(
  context: SatchelNodeContext,
  { policyId }: { policyId: string },
): Promise<Policy> {
  const { body } = await requestApi(context, {
    method: 'GET',
    path: `/api/v1/policies/${encodeURIComponent(policyId)}`,
  })
  return toPolicy(body)
}
