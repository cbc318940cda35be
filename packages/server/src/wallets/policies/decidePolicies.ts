import type { RequestFacts } from './extractFacts'
import { matchRule } from './matchRule'
import type { PolicyChainType } from './policyFields'
import type { Policy } from './policySchema'

export type PolicyDecision =
  | { allowed: true; by?: { policyId: string; rule: string } }
  | { allowed: false; reason: string }

/**
 * Judges a request against a set of policies, all together: a matching DENY rule of any policy
 * denies (DENY wins over every ALLOW), else a matching ALLOW rule allows, else the request is denied
 * (a wallet with policies allows only what a rule allows). An empty set allows everything. Rules of
 * a policy for another chain type never match, so such a policy only denies. The token approvals a
 * permit grants (`facts.approvals`) must each be allowed too, as the transactions that grant them.
 *
 * @example
 * decidePolicies([policy], facts, 'ethereum')
 * // { allowed: false, reason: 'Denied by rule "no big sends" of policy "limits"' }
 */
export function decidePolicies(
  policies: ReadonlyArray<Pick<Policy, 'id' | 'name' | 'chainType' | 'rules'>>,
  facts: RequestFacts,
  chainType: PolicyChainType,
): PolicyDecision {
  if (policies.length === 0) return { allowed: true }
  const decision = decideOne(policies, facts, chainType)
  if (!decision.allowed) return decision
  for (const approval of facts.approvals ?? []) {
    const granted = decideOne(policies, approval, chainType)
    if (!granted.allowed) return granted
  }
  return decision
}

function decideOne(
  policies: ReadonlyArray<Pick<Policy, 'id' | 'name' | 'chainType' | 'rules'>>,
  facts: RequestFacts,
  chainType: PolicyChainType,
): PolicyDecision {
  let allowedBy: { policyId: string; rule: string } | undefined
  for (const policy of policies) {
    if (policy.chainType !== chainType) continue
    for (const rule of policy.rules) {
      if (!matchRule(rule, facts)) continue
      if (rule.action === 'DENY')
        return { allowed: false, reason: `Denied by rule "${rule.name}" of policy "${policy.name}"` }
      allowedBy ??= { policyId: policy.id, rule: rule.name }
    }
  }
  if (allowedBy) return { allowed: true, by: allowedBy }
  const names = policies.map((policy) => `"${policy.name}"`).join(', ')
  return {
    allowed: false,
    reason: `No rule of policy ${names} allows ${facts.label ?? facts.method} with these parameters`,
  }
}
