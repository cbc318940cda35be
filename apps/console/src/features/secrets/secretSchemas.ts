import { z } from 'zod'

/** What an app secret may do: `full`, anything the app may; `read_only`, reads only. */
export const secretAccessSchema = z.enum(['full', 'read_only'])
export type SecretAccess = z.infer<typeof secretAccessSchema>

/** An app secret as `/api/v1/apps/secrets` lists it (camelCased by the SDK): never the secret itself. */
export const appSecretSchema = z.object({
  id: z.string(),
  prefix: z.string(),
  access: secretAccessSchema,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** The secret the request was made with (never true for an operator, who calls with no secret). */
  current: z.boolean(),
})
export type AppSecret = z.infer<typeof appSecretSchema>

export const appSecretListSchema = z.object({ data: z.array(appSecretSchema) })

/** A new secret: the only answer that carries the secret, shown to the operator once. */
export const madeSecretSchema = appSecretSchema.extend({ secret: z.string() })
export type MadeSecret = z.infer<typeof madeSecretSchema>
