import { z } from 'zod'

/**
 * One message to one endpoint and how its sending went, as the admin API answers it. `message_id` is
 * the `webhook-id` the receiver sees (a replay keeps it, so receivers can deduplicate).
 */
export const webhookDeliveryJsonSchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  message_id: z.string(),
  event_type: z.string(),
  payload: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  last_response_code: z.number().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
