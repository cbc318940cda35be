import { camelizeSchema, webhookDeliveryJsonSchema, webhookEndpointJsonSchema } from '@satchel/core/admin'
import { z } from 'zod'

/** A webhook endpoint as the SDK answers it (camelCase). */
export const endpointSchema = camelizeSchema(webhookEndpointJsonSchema)
export type Endpoint = z.infer<typeof endpointSchema>
export const endpointListSchema = z.object({ data: z.array(endpointSchema) })
/** A new endpoint, or a rotated secret: the only answers that carry the signing secret. */
export const secretAnswerSchema = z.looseObject({ id: z.string(), secret: z.string() })

/** A page of an endpoint's delivery log as the SDK answers it (camelCase). */
export const deliveryListSchema = z.object({
  data: z.array(camelizeSchema(webhookDeliveryJsonSchema)),
  nextCursor: z.string().nullable(),
})
