import { z } from 'zod'

/** One audit entry (`GET /api/v1/audit`), camelCased by the SDK. */
export const auditEntrySchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  at: z.string(),
  actor: z.looseObject({ kind: z.string(), email: z.string().optional() }).nullable(),
  userId: z.string().nullable(),
  walletId: z.string().nullable(),
  action: z.string(),
  outcome: z.string(),
  details: z.unknown(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditListSchema = z.object({
  data: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
})

/** Who did it, in a few words: an operator's email, an app secret, the user themself. */
export function describeActor(actor: AuditEntry['actor']): string {
  if (!actor || actor.kind === 'user') return 'the user'
  if (actor.kind === 'operator') return actor.email ?? 'an operator'
  if (actor.kind === 'app_secret') return 'an app secret'
  return actor.kind
}
