import { parsePhone } from '@satchel/core'
import type { ServerContext } from '../context'
import { readWalletAddress } from './normalizeWalletAddress'

export type UserLookup = {
  email?: string | undefined
  phone?: string | undefined
  wallet_address?: string | undefined
  custom_jwt_subject?: string | undefined
  oauth_provider?: string | undefined
  oauth_subject?: string | undefined
  q?: string | undefined
}

/**
 * The app's user behind one identifier, or undefined. Each field is normalised the way its login
 * method stores it (lower-case email, E.164 phone, lower-case EVM address), so the operator can type
 * it as the person gave it. A wallet address finds a linked external wallet or an embedded one.
 * `q` is any identifier, told apart by its shape: a user id, an email, an address, a phone number
 * (E.164 or national), else a custom-JWT subject or any other account's subject (OAuth, Telegram...).
 *
 * @example
 * const userId = await findAdminUserId(ctx, appId, { q: '0xAbc...' })
 */
export async function findAdminUserId(
  ctx: Pick<ServerContext, 'users' | 'userWallets'>,
  appId: string,
  lookup: UserLookup,
): Promise<string | undefined> {
  const account = (type: string, subject: string) => ctx.users.findUserIdByAccount(appId, type, subject)
  if (lookup.email !== undefined) return account('email', lookup.email.trim().toLowerCase())
  if (lookup.phone !== undefined) {
    const phone = parsePhone(lookup.phone)
    return phone.isPossible && phone.e164 ? account('phone', phone.e164) : undefined
  }
  if (lookup.wallet_address !== undefined) return findByAddress(ctx, appId, lookup.wallet_address)
  if (lookup.custom_jwt_subject !== undefined) return account('custom_auth', lookup.custom_jwt_subject)
  if (lookup.oauth_provider !== undefined && lookup.oauth_subject !== undefined)
    return account(`${lookup.oauth_provider}_oauth`, lookup.oauth_subject)
  const q = lookup.q?.trim()
  if (!q) return undefined
  if (/^usr_[A-Za-z0-9]+$/.test(q)) {
    const user = await ctx.users.getUser(q)
    return user?.appId === appId ? user.id : undefined
  }
  if (q.includes('@')) return account('email', q.toLowerCase())
  if (readWalletAddress(q)) return findByAddress(ctx, appId, q)
  const phone = /^[+(]?[\d\s().-]{6,}$/.test(q) ? parsePhone(q) : undefined
  if (phone?.isPossible && phone.e164) {
    const found = await account('phone', phone.e164)
    if (found) return found
  }
  return (await account('custom_auth', q)) ?? ctx.users.findUserIdBySubject(appId, q)
}

async function findByAddress(
  ctx: Pick<ServerContext, 'users' | 'userWallets'>,
  appId: string,
  address: string,
): Promise<string | undefined> {
  const wallet = readWalletAddress(address)
  if (!wallet) return undefined
  return (
    (await ctx.users.findUserIdByAccount(appId, 'wallet', wallet.subject)) ??
    ctx.userWallets.findUserIdByAddress(appId, wallet.subject)
  )
}
