import { formatTime } from '../users/userSchemas'
import type { AppSecret, SecretAccess } from './secretSchemas'

/** How many secrets an app may hold at once (the server's MAX_APP_SECRETS). */
export const MAX_APP_SECRETS = 5

/** What a secret may do, in words. */
export const describeAccess = (access: SecretAccess) => (access === 'full' ? 'Full access' : 'Read-only')

/**
 * The line under a secret's prefix in the list: when it was made and when it was last used.
 *
 * @example
 * describeSecret({ createdAt: '2026-01-02T10:00:00Z', lastUsedAt: null, ... }) // 'Made 02/01/2026, … · never used'
 */
export function describeSecret(secret: Pick<AppSecret, 'createdAt' | 'lastUsedAt'>): string {
  const used = secret.lastUsedAt ? `last used ${formatTime(secret.lastUsedAt)}` : 'never used'
  return `Made ${formatTime(secret.createdAt)} · ${used}`
}

/**
 * The question asked before a secret is deleted, naming it by its prefix (the only part of it the
 * console ever sees again) and saying what stops working.
 *
 * @example
 * confirmDeleteSecret({ prefix: 'sk_AbCdE', access: 'full' })
 */
export function confirmDeleteSecret(secret: Pick<AppSecret, 'prefix' | 'access'>): string {
  return `Delete the ${describeAccess(secret.access).toLowerCase()} secret ${secret.prefix}…? Every backend that uses it is refused from now on.`
}
