import { type Camelized, camelize } from '@satchel/core/admin'
import { z } from 'zod'
import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
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
  const path = apiPath`/users/${userId}/sessions`
  return requestJson(context, { method: 'GET', path }, (body) => camelize(listSchema.parse(body).data))
}
