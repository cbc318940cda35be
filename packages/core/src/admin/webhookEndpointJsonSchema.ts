import { z } from 'zod'

/**
 * A webhook endpoint as the admin API answers it (its signing secret only ever in a create or rotate
 * answer): the server answers by it, @satchel/node and the console read by it.
 */
export const webhookEndpointJsonSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
