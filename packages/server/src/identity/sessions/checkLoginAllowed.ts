import { ApiError } from '@satchel/core'
import type { AccessList, App } from '../apps/types'
import type { LinkedAccountInput, User } from '../users/usersRepository'

/**
 * Refuses a login the app's rules do not allow, before any session exists: a deleted user
 * (`user_does_not_exist`, until restored), and an identifier on the denylist, or not on an enabled
 * allowlist (`allowlist_rejected`). The account proved now and, for an existing user, every account
 * they hold are checked: a denied email cannot come back through a passkey of the same user, and an
 * allowed user may sign in with any of their ways in. An account with no identifier the lists know
 * (guest, passkey, Telegram...) of a new user is refused by an enabled allowlist. It reads nothing:
 * the login already read the account's user with their accounts (`user`, undefined for a new one).
 *
 * @example
 * checkLoginAllowed(app, account, existingUser)
 */
export function checkLoginAllowed(app: App, account: LinkedAccountInput, user: User | undefined): void {
  const { allowlist, denylist } = app.accessLists
  if (user?.deletedAt) throw deleted()
  const accounts = [account, ...(user?.linkedAccounts ?? [])]
  if (accounts.some((each) => matches(denylist, each))) throw new ApiError('allowlist_rejected')
  if (allowlist.enabled && !accounts.some((each) => matches(allowlist, each)))
    throw new ApiError('allowlist_rejected')
}

function deleted(): ApiError {
  return new ApiError('user_does_not_exist', { message: 'This account was deleted' })
}

function matches(
  list: AccessList,
  account: Pick<LinkedAccountInput, 'type' | 'subject' | 'details'>,
): boolean {
  const email =
    account.type === 'email'
      ? account.subject
      : typeof account.details.email === 'string'
        ? account.details.email.toLowerCase()
        : undefined
  if (email !== undefined) {
    const domain = email.slice(email.lastIndexOf('@') + 1)
    if (list.emails.includes(email) || list.domains.includes(domain)) return true
  }
  if (account.type === 'phone') return list.phones.includes(account.subject)
  if (account.type === 'wallet') return list.walletAddresses.includes(account.subject)
  return false
}
