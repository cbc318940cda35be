import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
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
  return requestJson(context, { method: 'GET', path: apiPath`/policies/${policyId}` }, toPolicy)
}
