import { type Camelized, camelize } from '@satchel/core/admin'
import { z } from 'zod'

export const appSecretJsonSchema = z.object({
  id: z.string(),
  prefix: z.string(),
  access: z.enum(['full', 'read_only']),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** True for the secret this client calls with. */
  current: z.boolean(),
})

/** One of the app's secrets, as listed: its prefix, never the secret. */
export type AppSecretInfo = Camelized<z.infer<typeof appSecretJsonSchema>>

/**
 * A listed secret, checked and camelCased.
 *
 * @example
 * const info = toAppSecretInfo(json)
 */
export function toAppSecretInfo(answer: unknown): AppSecretInfo {
  return camelize(appSecretJsonSchema.parse(answer))
}
