import { z } from 'zod'

/** The `:user_id` of the admin routes about one user. */
export const userIdParams = z.object({ user_id: z.string().min(1).max(64) })

const adminSchema = { tags: ['admin'], security: [{ appSecret: [] }] }

/**
 * The options of an admin API route: the `app` guard (an app secret, read-only ones on GET only), and
 * an OpenAPI entry tagged `admin` with the app secret as its security scheme, beside the route's own
 * schema.
 *
 * @example
 * app.get('/api/v1/users/:user_id', adminRoute('One user', { params: userIdParams }), handler)
 */
export function adminRoute<Schema extends object>(summary: string, schema: Schema) {
  return { schema: { ...adminSchema, summary, ...schema }, config: { guard: 'app' as const } }
}
