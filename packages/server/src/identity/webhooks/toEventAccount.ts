/**
 * A linked account as an event shows it: its type and subject (an email, a phone number, an address,
 * a provider's user id), except a guest's, whose subject is the hash of the credential the device
 * holds: a lookup key for signing in, no business of any receiver.
 *
 * @example
 * toEventAccount({ type: 'email', subject: 'ada@example.com' }) // { type: 'email', subject: 'ada@example.com' }
 */
export function toEventAccount(account: { type: string; subject: string }): {
  type: string
  subject?: string
} {
  return account.type === 'guest' ? { type: 'guest' } : { type: account.type, subject: account.subject }
}
