import { formatAddress, maskPhone } from '@satchel/core'
import type { LinkedAccount } from '@satchel/react'

const names: Readonly<Record<string, string>> = {
  email: 'Email',
  phone: 'Phone',
  passkey: 'Passkey',
  wallet: 'Wallet',
  guest: 'Guest',
  google_oauth: 'Google',
  github_oauth: 'GitHub',
  apple_oauth: 'Apple',
  telegram: 'Telegram',
  farcaster: 'Farcaster',
  custom_auth: 'Your app account',
}

const text = (account: LinkedAccount, field: string): string | undefined => {
  const value = account[field]
  return typeof value === 'string' ? value : undefined
}

/**
 * A linked account as a person reads it: `Email ada@example.com`, `Phone ••••0100` (last 4 only),
 * `Wallet 0x123...5678`, `Passkey (Chrome on Linux)`.
 *
 * @example
 * describeAccount({ type: 'email', address: 'ada@example.com', verifiedAt: 0, firstVerifiedAt: 0 })
 * // 'Email ada@example.com'
 */
export function describeAccount(account: LinkedAccount): string {
  const name = names[account.type] ?? account.type.replace(/_oauth$/, '').replace(/_/g, ' ')
  const email = text(account, 'address')
  if (account.type === 'email' && email) return `${name} ${email}`
  const phone = text(account, 'number') ?? text(account, 'phoneNumber')
  if (account.type === 'phone' && phone) return `${name} ${maskPhone(phone)}`
  if (account.type === 'wallet' && email) return `${name} ${formatAddress(email)}`
  if (account.type === 'passkey') {
    const browser = text(account, 'createdWithBrowser')
    const os = text(account, 'createdWithOs')
    const where = [browser, os].filter(Boolean).join(' on ')
    return where ? `${name} (${where})` : name
  }
  const label = text(account, 'username') ?? text(account, 'email') ?? text(account, 'name')
  return label ? `${name} ${label}` : name
}
