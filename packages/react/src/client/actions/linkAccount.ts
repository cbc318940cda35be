import type { SatchelClient } from '../createSatchelClient'
import { isRecord, parseUser } from '../parse'
import type { SatchelUser } from '../types'
import { getUser } from './getUser'
import { requireFeature } from './requireFeature'

async function linked(
  client: SatchelClient,
  feature: string,
  path: string,
  body: Record<string, unknown>,
): Promise<SatchelUser> {
  const answer = await requireFeature(feature, () =>
    client.request({ method: 'POST', path, body, auth: true }),
  )
  const user = isRecord(answer) && isRecord(answer.user) ? answer.user : answer
  if (isRecord(user) && typeof user.id === 'string') {
    const parsed = parseUser(user, path)
    client.dispatch({ type: 'user_updated', user: parsed })
    return parsed
  }
  return getUser(client)
}

/**
 * Adds an email address to the signed-in user, with the code sent by `sendEmailCode`.
 *
 * @example
 * await linkEmail(client, { email: 'ada@example.com', code: '123456' })
 */
export function linkEmail(
  client: SatchelClient,
  { email, code }: { email: string; code: string },
): Promise<SatchelUser> {
  return linked(client, 'Linking an email', '/api/v1/passwordless/link', { email, code: code.trim() })
}

/**
 * Adds a phone number to the signed-in user, with the code sent by `sendSmsCode`.
 *
 * @example
 * await linkPhone(client, { phoneNumber: '+14155550100', code: '123456' })
 */
export function linkPhone(
  client: SatchelClient,
  { phoneNumber, code }: { phoneNumber: string; code: string },
): Promise<SatchelUser> {
  return linked(client, 'Linking a phone', '/api/v1/passwordless_sms/link', {
    phoneNumber,
    code: code.trim(),
  })
}

export type UnlinkAccountParameters =
  | { type: 'email'; email: string }
  | { type: 'phone'; phoneNumber: string }

/**
 * Removes a way in from the signed-in user; the last one cannot be removed (`cannot_unlink_last_account`).
 *
 * @example
 * await unlinkAccount(client, { type: 'email', email: 'old@example.com' })
 */
export function unlinkAccount(client: SatchelClient, account: UnlinkAccountParameters): Promise<SatchelUser> {
  return account.type === 'email'
    ? linked(client, 'Unlinking an email', '/api/v1/passwordless/unlink', { email: account.email })
    : linked(client, 'Unlinking a phone', '/api/v1/passwordless_sms/unlink', {
        phoneNumber: account.phoneNumber,
      })
}
