import { z } from 'zod'

const secretSchema = z.object({ secret: z.string() })

/**
 * The secret an answer shows this once (a new app secret, a new or rotated webhook signing secret).
 *
 * @example
 * const secret = await requestJson(context, { method: 'POST', path, body: {} }, readSecret)
 */
export function readSecret(body: unknown): string {
  return secretSchema.parse(body).secret
}
