import type { SatchelClient } from '../createSatchelClient'
import { isRecord, parseUser } from '../parse'
import type { SatchelUser } from '../types'
import { getUser } from './getUser'
import { requireFeature } from './requireFeature'

/**
 * One linking or unlinking call as the signed-in user; the server's answer (the user, as every link
 * and unlink route gives it) becomes the user in the client's state, so `useSatchel()` shows the
 * change at once. A route that answers no user is followed by a fresh read.
 *
 * @throws {StepUpRequiredError} when the server asks the person to confirm it is them first.
 * @throws {FeatureNotAvailableError} while the server has no such route.
 * @example
 * await submitLinkRequest(client, { feature: 'Linking an email', path: '/api/v1/passwordless/link', body })
 */
export async function submitLinkRequest(
  client: SatchelClient,
  { feature, path, body }: { feature: string; path: string; body: Record<string, unknown> },
): Promise<SatchelUser> {
  const answer = await requireFeature(feature, () =>
    // Signed with the session key: a way in changes only with the user's own client (and a second
    // factor when they have one; StepUpRequiredError otherwise).
    client.request({ method: 'POST', path, body, auth: true, signed: {} }),
  )
  const user = isRecord(answer) && isRecord(answer.user) ? answer.user : answer
  if (isRecord(user) && typeof user.id === 'string') {
    const parsed = parseUser(user, path)
    client.dispatch({ type: 'user_updated', user: parsed })
    return parsed
  }
  return getUser(client)
}
