import { z } from 'zod'

export const WEBHOOK_EVENTS = [
  'user.created',
  'user.authenticated',
  'user.linked_account',
  'user.unlinked_account',
  'user.deleted',
  'wallet.created',
  'wallet.transaction.broadcast',
  'wallet.transaction.confirmed',
  'wallet.transaction.failed',
  'funding.succeeded',
  'funding.failed',
  'mfa.enabled',
  'mfa.disabled',
] as const

export const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
})
export type Endpoint = z.infer<typeof endpointSchema>
export const endpointListSchema = z.object({ data: z.array(endpointSchema) })
/** A new endpoint, or a rotated secret: the only answers that carry the signing secret. */
export const secretAnswerSchema = z.looseObject({ id: z.string(), secret: z.string() })

export const deliveryListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      eventType: z.string(),
      status: z.enum(['pending', 'succeeded', 'failed']),
      attempts: z.number(),
      nextAttemptAt: z.string().nullable(),
      lastResponseCode: z.number().nullable(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
})
