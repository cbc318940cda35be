import type { RequestFacts } from './extractFacts'
import { explicitOnlyMethods, type FieldKind, getFieldKind } from './policyFields'
import type { PolicyCondition, PolicyRule } from './policySchema'

/**
 * True when a rule applies to a request: its method is `*` or the request's method (or one the facts
 * are also judged as: a permit's approval is judged by the transaction methods' rules), and every one
 * of its conditions holds. A rule without conditions applies to every request of its method. A `*`
 * ALLOW never applies to a raw hash (`secp256k1_sign`): only a rule that names it allows it.
 *
 * @example
 * matchRule(
 *   { name: 'small sends', method: 'eth_sendTransaction', action: 'ALLOW', conditions: [
 *     { field_source: 'ethereum_transaction', field: 'value', operator: 'lte', value: '1000' }] },
 *   { method: 'eth_sendTransaction', values: { 'ethereum_transaction.value': 999n } },
 * ) // true
 */
export function matchRule(rule: PolicyRule, facts: RequestFacts): boolean {
  if (rule.method === '*') {
    // A raw hash is allowed only by a rule that names its method (see explicitOnlyMethods).
    if (rule.action === 'ALLOW' && explicitOnlyMethods.includes(facts.method)) return false
  } else if (rule.method !== facts.method && !facts.judgedAs?.includes(rule.method)) {
    return false
  }
  return rule.conditions.every((condition) => matchCondition(condition, facts))
}

/**
 * True when one condition holds. A field the request does not carry (no `to` on a message, no
 * transfer in calldata that is not one) never holds: an ALLOW that needs it does not allow, and the
 * request falls to the default deny of a wallet with policies.
 * Amounts, chain ids and timestamps compare as bigint from decimal strings; addresses compare
 * case-insensitively; names and versions compare exactly.
 *
 * @throws {Error} for a condition that names no known field or carries a malformed value (a policy
 *   that was never validated): such a policy fails closed instead of silently not matching.
 * @example
 * matchCondition({ field_source: 'ethereum_transaction', field: 'to', operator: 'in', value: ['0xAB…'] }, facts)
 */
export function matchCondition(condition: PolicyCondition, facts: RequestFacts): boolean {
  const kind = getFieldKind(condition.field_source, condition.field)
  if (!kind)
    throw new Error(`Policy condition names an unknown field: ${condition.field_source}.${condition.field}`)
  const known: Partial<Record<string, bigint | string>> = facts.values
  const actual = known[`${condition.field_source}.${condition.field}`]
  if (actual === undefined) return false
  const expected = typeof condition.value === 'string' ? [condition.value] : condition.value
  if (condition.operator === 'in') return expected.some((value) => compare(kind, actual, value) === 0)
  const [value] = expected
  if (expected.length !== 1 || value === undefined)
    throw new Error(`Policy operator ${condition.operator} takes exactly one value`)
  const order = compare(kind, actual, value)
  if (order === undefined) return false
  switch (condition.operator) {
    case 'eq':
      return order === 0
    case 'gt':
      return order > 0
    case 'gte':
      return order >= 0
    case 'lt':
      return order < 0
    case 'lte':
      return order <= 0
  }
}

/** -1, 0 or 1 as `actual` is below, equal to or above `expected`; undefined when they do not compare. */
function compare(kind: FieldKind, actual: bigint | string, expected: string): number | undefined {
  if (kind === 'uint') {
    if (!/^[0-9]{1,78}$/.test(expected)) throw new Error('Policy value is not a decimal integer string')
    if (typeof actual !== 'bigint') return undefined
    const other = BigInt(expected)
    return actual === other ? 0 : actual > other ? 1 : -1
  }
  if (typeof actual !== 'string') return undefined
  if (kind === 'address') return actual.toLowerCase() === expected.toLowerCase() ? 0 : undefined
  return actual === expected ? 0 : undefined
}
