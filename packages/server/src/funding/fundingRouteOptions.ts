import type { z } from 'zod'

/**
 * How a provider's init and status routes are declared: for the signed-in user with a bearer token,
 * in the OpenAPI document under `funding`. The schemas are plain (`z.ZodType`): the route helpers
 * type what they hand on themselves.
 *
 * @example
 * app.get(url, fundingRouteOptions(summary, { querystring, response: { 200: answer } }), handler)
 */
export function fundingRouteOptions(
  summary: string,
  schema: { body?: z.ZodType; querystring?: z.ZodType; response: { 200: z.ZodType } },
) {
  return {
    config: { guard: 'user' as const },
    schema: { tags: ['funding'], summary, security: [{ bearer: [] }], ...schema },
  }
}
