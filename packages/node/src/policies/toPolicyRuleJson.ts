import type { PolicyRule } from './toPolicy'

/**
 * A rule as the API takes it (snake_case).
 *
 * @example
 * const body = { rules: rules.map(toPolicyRuleJson) }
 */
export function toPolicyRuleJson(rule: PolicyRule): Record<string, unknown> {
  return {
    name: rule.name,
    method: rule.method,
    conditions: rule.conditions.map((condition) => ({
      field_source: condition.fieldSource,
      field: condition.field,
      operator: condition.operator,
      value: typeof condition.value === 'string' ? condition.value : [...condition.value],
    })),
    action: rule.action,
  }
}
