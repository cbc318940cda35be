import type { SatchelClient } from '../createSatchelClient'
import type { SatchelUser } from '../types'
import { submitLinkRequest } from './submitLinkRequest'

const linked = (client: SatchelClient, feature: string, path: string, body: Record<string, unknown>) =>
  submitLinkRequest(client, { feature, path, body })

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
  | { type: 'passkey'; credentialId: string }
  /** A social account: its provider (`google`) and its `subject` as the linked account lists it. */
  | { type: 'oauth'; provider: string; subject: string }

/**
 * Removes a way in from the signed-in user; the last one cannot be removed (`cannot_unlink_last_account`).
 * Removing a passkey that is also a second factor needs a fresh MFA verification.
 *
 * @example
 * await unlinkAccount(client, { type: 'email', email: 'old@example.com' })
 */
export function unlinkAccount(client: SatchelClient, account: UnlinkAccountParameters): Promise<SatchelUser> {
  switch (account.type) {
    case 'email':
      return linked(client, 'Unlinking an email', '/api/v1/passwordless/unlink', { email: account.email })
    case 'phone':
      return linked(client, 'Unlinking a phone', '/api/v1/passwordless_sms/unlink', {
        phoneNumber: account.phoneNumber,
      })
    case 'passkey':
      return linked(client, 'Unlinking a passkey', '/api/v1/passkeys/unlink', {
        credentialId: account.credentialId,
      })
    case 'oauth':
      return linked(client, `Unlinking a ${account.provider} account`, '/api/v1/oauth/unlink', {
        provider: account.provider,
        subject: account.subject,
      })
  }
}
