import { camelize } from '@satchel/core/admin'
import { z } from 'zod'

/** One condition of a rule: a field of the request compared with a value. */
export type PolicyCondition = {
  /** `ethereum_transaction`, `ethereum_calldata`, `ethereum_typed_data_domain` or `system`. */
  fieldSource: string
  /** `to`, `value`, `chain_id`, ... (the server checks the field exists for the source). */
  field: string
  /** `eq`, `gt`, `gte`, `lt`, `lte`, `in`, ... */
  operator: string
  /** A decimal string for amounts, chain ids and times; an address; a list of those for `in`. */
  value: string | readonly string[]
}

/** A rule: for a method (or `*`), when every condition holds, allow or deny. */
export type PolicyRule = {
  name: string
  method: string
  conditions: readonly PolicyCondition[]
  action: 'ALLOW' | 'DENY'
}

/** A wallet policy: rules that decide what a wallet (or a delegated signer) may sign. */
export type Policy = {
  readonly id: string
  readonly name: string
  readonly chainType: 'ethereum' | 'solana'
  /** The user who made it, or null for one of the app's own. */
  readonly ownerId: string | null
  readonly rules: readonly PolicyRule[]
  /** Milliseconds since the epoch. */
  readonly createdAt: number
  readonly updatedAt: number
}

const conditionSchema = z.object({
  field_source: z.string(),
  field: z.string(),
  operator: z.string(),
  value: z.union([z.string(), z.array(z.string())]),
})

const policySchema = z.object({
  id: z.string(),
  name: z.string(),
  chain_type: z.enum(['ethereum', 'solana']),
  owner_id: z.string().nullable(),
  rules: z.array(
    z.object({
      name: z.string(),
      method: z.string(),
      conditions: z.array(conditionSchema),
      action: z.enum(['ALLOW', 'DENY']),
    }),
  ),
  created_at: z.number(),
  updated_at: z.number(),
})

/**
 * The API's policy answer, checked and camelCased.
 *
 * @example
 * const policy = toPolicy(body)
 */
export function toPolicy(answer: unknown): Policy {
  return camelize(policySchema.parse(answer))
}
