import { apiPath } from '../api/apiPath'
import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'

/**
 * Deletes one of the app's policies that no wallet or delegated signer uses.
 *
 * @throws {ApiError} `invalid_data` while the policy is in use (detach it first).
 * @example
 * await deletePolicy(context, { policyId })
 */
export async function deletePolicy(
  context: SatchelNodeContext,
  { policyId }: { policyId: string },
): Promise<void> {
  await requestApi(context, { method: 'DELETE', path: apiPath`/policies/${policyId}` })
}
