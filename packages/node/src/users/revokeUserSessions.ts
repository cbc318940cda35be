import { z } from 'zod'
import { apiPath } from '../api/apiPath'
import { requestJson } from '../api/requestJson'
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
  if (sessionId === undefined) {
    const path = apiPath`/users/${userId}/sessions`
    return requestJson(context, { method: 'DELETE', path }, (body) => allSchema.parse(body).revoked)
  }
  const path = apiPath`/users/${userId}/sessions/${sessionId}`
  await requestJson(context, { method: 'DELETE', path }, oneSchema.parse)
  return 1
}
