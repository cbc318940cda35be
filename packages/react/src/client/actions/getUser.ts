import type { SatchelClient } from '../createSatchelClient'
import { isRecord, parseUser } from '../parse'
import type { SatchelUser } from '../types'

/**
 * Reads the signed-in user from the server (with a fresh identity token) and updates the state.
 *
 * @example
 * const user = await getUser(client)
 */
export async function getUser(client: SatchelClient): Promise<SatchelUser> {
  const path = '/api/v1/users/me'
  const answer = await client.request({ method: 'GET', path, auth: true })
  const user = parseUser(isRecord(answer) ? answer.user : undefined, path)
  client.dispatch({ type: 'user_updated', user })
  return user
}

/**
 * Records that the user accepted the app's terms.
 *
 * @example
 * const user = await acceptTerms(client)
 * user.hasAcceptedTerms // true
 */
export async function acceptTerms(client: SatchelClient): Promise<SatchelUser> {
  const path = '/api/v1/users/me/accept_terms'
  const user = parseUser(await client.request({ method: 'POST', path, auth: true }), path)
  client.dispatch({ type: 'user_updated', user })
  return user
}
