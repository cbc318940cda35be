import { z } from 'zod'
import { type Camelized, camelize } from '../api/camelize'
import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'

const listSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      last_used_at: z.string(),
      expires_at: z.string(),
      user_agent: z.string().nullable(),
      ip: z.string().nullable(),
    }),
  ),
})

/** A live session of a user: a signed-in browser or device (times as ISO-8601 strings). */
export type UserSession = Camelized<z.infer<typeof listSchema>['data'][number]>

/**
 * A user's live sessions, most recently used first (`GET /api/v1/users/:user_id/sessions`).
 *
 * @example
 * const sessions = await listUserSessions(context, { userId })
 */
export async function listUserSessions(
  context: SatchelNodeContext,
  { userId }: { userId: string },
): Promise<UserSession[]> {
  const { body } = await requestApi(context, {
    method: 'GET',
    path: `/api/v1/users/${encodeURIComponent(userId)}/sessions`,
  })
  return camelize(listSchema.parse(body).data)
}
