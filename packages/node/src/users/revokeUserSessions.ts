import { z } from 'zod'
import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'

const oneSchema = z.object({ id: z.string(), revoked: z.literal(true) })
const allSchema = z.object({ revoked: z.number() })

/**
 * Ends one session of a user (`sessionId`), or all of them: their access and refresh tokens stop
 * working at once, on every server instance. Answers how many sessions ended.
 *
 * @throws {ApiError} `not_found` for a `sessionId` that is not a live session of the user.
 * @example
 * await revokeUserSessions(context, { userId }) // a stolen device: sign the user out everywhere
 */
export async function revokeUserSessions(
  context: SatchelNodeContext,
  { userId, sessionId }: { userId: string; sessionId?: string | undefined },
): Promise<number> {
  const base = `/api/v1/users/${encodeURIComponent(userId)}/sessions`
  if (sessionId === undefined) {
    const { body } = await requestApi(context, { method: 'DELETE', path: base })
    return allSchema.parse(body).revoked
  }
  const { body } = await requestApi(context, {
    method: 'DELETE',
    path: `${base}/${encodeURIComponent(sessionId)}`,
  })
  oneSchema.parse(body)
  return 1
}
