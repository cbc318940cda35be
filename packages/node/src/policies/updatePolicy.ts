import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { type Policy, type PolicyRule, toPolicy } from './toPolicy'
import { toPolicyRuleJson } from './toPolicyRuleJson'

export type UpdatePolicyParameters = {
  policyId: string
  name?: string | undefined
  rules?: readonly PolicyRule[] | undefined
}

/**
 * Renames one of the app's policies or changes its rules. The rules users consented to when they
 * delegated to a signer cannot be changed by the app (`invalid_data`: make a new policy instead).
 *
 * @example
 * await updatePolicy(context, { policyId, name: 'Small sends' })
 */
export async function updatePolicy(
  context: SatchelNodeContext,
  { policyId, name, rules }: UpdatePolicyParameters,
): Promise<Policy> {
  const body = { ...(name !== undefined && { name }), ...(rules && { rules: rules.map(toPolicyRuleJson) }) }
  return requestJson(context, { method: 'PATCH', path: apiPath`/policies/${policyId}`, body }, toPolicy)
}
