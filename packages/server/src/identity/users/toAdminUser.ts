import type { AdminUserJson } from '@satchel/core/admin'
import type { LinkedAccount, User } from './usersRepository'
import type { AdminWallet } from './userWalletHooks'

// The wire shape is shared with @satchel/node and the console, which read what this answers.
export { type AdminUserJson, adminUserJsonSchema as adminUserSchema } from '@satchel/core/admin'

/**
 * A user as the app's backend and the console see them: every way in (public identifiers only),
 * their wallets (revoked ones marked), second factors, and where a deletion stands.
 *
 * @example
 * const json = toAdminUser(user, wallets, lastActiveAt)
 */
export function toAdminUser(
  user: User,
  wallets: readonly AdminWallet[],
  lastActiveAt: Date | null,
): AdminUserJson {
  return {
    id: user.id,
    created_at: user.createdAt.toISOString(),
    last_active_at: lastActiveAt?.toISOString() ?? null,
    deleted_at: user.deletedAt?.toISOString() ?? null,
    purge_after: user.purgeAfter?.toISOString() ?? null,
    linked_accounts: user.linkedAccounts.map(toAdminAccount),
    wallets: wallets.map((wallet) => ({
      id: wallet.id,
      address: wallet.address,
      chain_type: wallet.chainType,
      created_at: wallet.createdAt.toISOString(),
      revoked_at: wallet.revokedAt?.toISOString() ?? null,
    })),
    mfa_methods: user.mfaMethods,
    has_accepted_terms: user.hasAcceptedTerms,
  }
}

function toAdminAccount(account: LinkedAccount): AdminUserJson['linked_accounts'][number] {
  const times = {
    verified_at: account.verifiedAt.toISOString(),
    created_at: account.firstVerifiedAt.toISOString(),
  }
  const text = (key: string) => {
    const value = account.details[key]
    return typeof value === 'string' ? value : undefined
  }
  if (account.type === 'email')
    return { type: 'email', address: text('address') ?? account.subject, ...times }
  if (account.type === 'phone') return { type: 'phone', number: text('number') ?? account.subject, ...times }
  if (account.type === 'wallet')
    return {
      type: 'wallet',
      address: text('address') ?? account.subject,
      chain_type: text('chain_type') ?? (account.subject.startsWith('0x') ? 'ethereum' : 'solana'),
      ...times,
    }
  if (account.type === 'custom_auth') return { type: 'custom_jwt', subject: account.subject, ...times }
  if (account.type.endsWith('_oauth'))
    return {
      type: 'oauth',
      provider: account.type.slice(0, -'_oauth'.length),
      subject: account.subject,
      email: text('email') ?? null,
      ...times,
    }
  return { type: account.type, subject: account.subject, ...times }
}
