import { ApiError } from '@satchel/core'
import { z } from 'zod'
import {
  type FieldKind,
  fieldSources,
  getFieldKind,
  orderingOperators,
  type PolicyChainType,
  policyFields,
  policyMethods,
  policyOperators,
} from './policyFields'

const valueText = z.string().min(1).max(200)

export const policyConditionSchema = z.object({
  field_source: z.enum(fieldSources),
  field: z.string().min(1).max(64),
  operator: z.enum(policyOperators),
  /** A decimal string for amounts, chain ids and timestamps; an address; a list of those for `in`. */
  value: z.union([valueText, z.array(valueText).min(1).max(100)]),
})

export const policyRuleSchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** A method of the policy's chain type, or `*` for every method. */
  method: z.string().min(1).max(64),
  conditions: z.array(policyConditionSchema).max(20),
  action: z.enum(['ALLOW', 'DENY']),
})

export const policyChainTypeSchema = z.enum(['ethereum', 'solana'])

export type PolicyCondition = z.infer<typeof policyConditionSchema>
export type PolicyRule = z.infer<typeof policyRuleSchema>

/** A stored policy, as the evaluator and the routes use it. */
export type Policy = {
  id: string
  appId: string
  /** The user who made it, or null for a policy the app's backend made. */
  ownerUserId: string | null
  name: string
  chainType: PolicyChainType
  rules: PolicyRule[]
  createdAt: Date
  updatedAt: Date
}

const uintPattern = /^(?:0|[1-9][0-9]{0,77})$/
const addressPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * Checks what the shape alone cannot: each rule names a method of the policy's chain type, each
 * condition a field its source has, on a method whose requests carry it, with an operator and a
 * value that fit the field. A rule that could never match is refused when it is saved rather than
 * quietly never firing: a DENY that never fires is a hole the author does not see.
 *
 * @throws {ApiError} `invalid_data`, with a message that names the rule and what is wrong.
 * @example
 * assertPolicyRules('ethereum', [{ name: 'cap', method: 'eth_sendTransaction', action: 'DENY',
 *   conditions: [{ field_source: 'ethereum_transaction', field: 'value', operator: 'gt', value: '1000' }] }])
 */
export function assertPolicyRules(chainType: PolicyChainType, rules: readonly PolicyRule[]): void {
  const methods: readonly string[] = policyMethods[chainType]
  for (const rule of rules) {
    const where = `Rule "${rule.name}"`
    if (rule.method !== '*' && !methods.includes(rule.method))
      invalid(`${where}: method must be * or one of ${methods.join(', ')}`)
    for (const condition of rule.conditions) {
      const source = policyFields[condition.field_source]
      const at = `${where}, condition ${condition.field_source}.${condition.field}`
      if (source.chainType !== 'any' && source.chainType !== chainType)
        invalid(`${at}: ${condition.field_source} does not apply to ${chainType} wallets`)
      const kind = getFieldKind(condition.field_source, condition.field)
      if (!kind)
        invalid(
          `${where}: ${condition.field_source} has no field ${condition.field} (fields: ${Object.keys(source.fields).join(', ')})`,
        )
      const sourceMethods: readonly string[] = source.methods
      if (rule.method !== '*' && !sourceMethods.includes(rule.method))
        invalid(`${at}: ${rule.method} requests carry no ${condition.field_source} fields`)
      if (kind !== 'uint' && orderingOperators.includes(condition.operator))
        invalid(`${at}: ${condition.operator} only compares amounts, chain ids and timestamps`)
      const values = typeof condition.value === 'string' ? [condition.value] : condition.value
      if (condition.operator === 'in' && typeof condition.value === 'string')
        invalid(`${at}: the in operator takes a list of values`)
      if (condition.operator !== 'in' && typeof condition.value !== 'string')
        invalid(`${at}: the ${condition.operator} operator takes one value`)
      for (const value of values) if (!fitsKind(kind, value)) invalid(`${at}: ${describeKind(kind)}`)
    }
  }
}

function fitsKind(kind: FieldKind, value: string): boolean {
  if (kind === 'uint') return uintPattern.test(value)
  if (kind === 'address') return addressPattern.test(value)
  return true
}

function describeKind(kind: FieldKind): string {
  if (kind === 'uint') return 'the value must be a non-negative decimal integer string (such as "1000000")'
  if (kind === 'address') return 'the value must be a 0x address of 40 hex digits'
  return 'the value must be a string'
}

function invalid(message: string): never {
  throw new ApiError('invalid_data', { message })
}
