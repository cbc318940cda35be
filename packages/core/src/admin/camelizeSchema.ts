import { z } from 'zod'
import type { Camelized } from './camelize'
import { toCamelCase } from './toCamelCase'

/**
 * The schema of an answer as a client reads it after its SDK camelCased it: the same checks under
 * camelCase names, so the console checks the admin API's answers by the shape the server answers
 * with instead of a copy of it.
 *
 * @example
 * const adminUserSchema = camelizeSchema(adminUserJsonSchema) // { createdAt, linkedAccounts, ... }
 */
export function camelizeSchema<Schema extends z.ZodType>(
  schema: Schema,
): z.ZodType<Camelized<z.output<Schema>>> {
  // The one cast: `convert` renames exactly as `Camelized` describes.
  return convert(schema) as z.ZodType<Camelized<z.output<Schema>>>
}

function convert(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject)
    return z.object(
      Object.fromEntries(
        Object.entries(schema.shape).map(([key, field]) => [toCamelCase(key), convert(field as z.ZodType)]),
      ),
    )
  if (schema instanceof z.ZodArray) return z.array(convert(schema.element as z.ZodType))
  if (schema instanceof z.ZodNullable) return convert(schema.unwrap() as z.ZodType).nullable()
  if (schema instanceof z.ZodOptional) return convert(schema.unwrap() as z.ZodType).optional()
  return schema
}
