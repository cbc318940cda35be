import { z } from 'zod'

/** A policy (`/api/v1/policies`), camelCased by the SDK; its rules as the API keeps them. */
export const policySchema = z.object({
  id: z.string(),
  name: z.string(),
  chainType: z.enum(['ethereum', 'solana']),
  ownerId: z.string().nullable(),
  rules: z.array(z.looseObject({ name: z.string(), method: z.string(), action: z.enum(['ALLOW', 'DENY']) })),
  createdAt: z.number(),
})
export type Policy = z.infer<typeof policySchema>
export const policyListSchema = z.object({ data: z.array(policySchema) })

/** A wallet with its delegated signers (`/api/v1/wallets?user_id=`). */
export const walletSignersSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      address: z.string(),
      policyIds: z.array(z.string()),
      additionalSigners: z.array(z.object({ signerId: z.string(), policyIds: z.array(z.string()) })),
    }),
  ),
})

/** The rules typed as JSON, or the problem with them (checked as typed; the server checks them again). */
export function parseRules(text: string): { rules: unknown[] } | { problem: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { problem: 'The rules are not valid JSON' }
  }
  if (!Array.isArray(value))
    return { problem: 'The rules are a JSON list: [{"name", "method", "conditions", "action"}]' }
  const bad = value.findIndex(
    (rule) =>
      typeof rule !== 'object' ||
      rule === null ||
      !('action' in rule) ||
      !['ALLOW', 'DENY'].includes(String(rule.action)),
  )
  if (bad >= 0) return { problem: `Rule ${bad + 1} needs "action": "ALLOW" or "DENY"` }
  return { rules: value }
}
