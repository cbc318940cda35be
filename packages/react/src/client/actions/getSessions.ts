import type { SatchelClient } from '../createSatchelClient'
import { isRecord } from '../parse'
import type { ReadParameters } from './readParameters'

/** A device or browser where the user is signed in. */
export type Session = {
  id: string
  /** This very session. */
  current: boolean
  /** The browser's user agent at sign-in, when it sent one. */
  userAgent: string | null
  /** Unix seconds. */
  createdAt: number
  /** Unix seconds. */
  lastUsedAt: number
}

/**
 * Where the user is signed in (`GET /api/v1/sessions`), most recently used first.
 *
 * @example
 * const sessions = await getSessions(client)
 * sessions.find((session) => session.current)
 */
export async function getSessions(
  client: SatchelClient,
  { signal }: ReadParameters = {},
): Promise<Session[]> {
  const answer = await client.request({ method: 'GET', path: '/api/v1/sessions', auth: true, signal })
  const list: unknown[] = isRecord(answer) && Array.isArray(answer.sessions) ? answer.sessions : []
  return list.flatMap((session): Session[] =>
    isRecord(session) &&
    typeof session.id === 'string' &&
    typeof session.createdAt === 'number' &&
    typeof session.lastUsedAt === 'number'
      ? [
          {
            id: session.id,
            current: session.current === true,
            userAgent: typeof session.userAgent === 'string' ? session.userAgent : null,
            createdAt: session.createdAt,
            lastUsedAt: session.lastUsedAt,
          },
        ]
      : [],
  )
}
