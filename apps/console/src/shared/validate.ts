import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/** Origin problems, as the server words them: `scheme://host[:port]`, https in production. */
export function checkOrigin(origin: string, mode: 'development' | 'production'): string | undefined {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return `${origin} is not a URL: use scheme://host[:port]`
  }
  if (!['http:', 'https:'].includes(url.protocol)) return `${origin}: only http and https origins`
  if (url.origin !== origin)
    return `${origin} has more than scheme://host[:port] (no path, no trailing slash)`
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (mode === 'production' && url.protocol !== 'https:' && !local)
    return `${origin}: production apps need https (except localhost)`
  return undefined
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](-?[a-z0-9])*\.)+[a-z]{2,}$/i
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The first problem of an email, a domain, a phone (any form libphonenumber reads) or an address. */
export function checkListEntry(
  kind: 'emails' | 'domains' | 'phones' | 'wallet_addresses',
  value: string,
): string | undefined {
  if (kind === 'emails') return EMAIL.test(value) ? undefined : `${value} is not an email address`
  if (kind === 'domains')
    return DOMAIN.test(value) ? undefined : `${value} is not a domain such as example.com`
  if (kind === 'phones') return toE164(value) ? undefined : `${value} is not a phone number (use +CC…)`
  return EVM_ADDRESS.test(value) || SOLANA_ADDRESS.test(value)
    ? undefined
    : `${value} is not an Ethereum or Solana address`
}

/** A phone number in E.164 (`+14155550100`), or undefined when it is not one. */
export function toE164(value: string): string | undefined {
  const phone = parsePhoneNumberFromString(value)
  return phone?.isValid() ? phone.number : undefined
}

/** One entry per line or comma, trimmed, empty ones dropped. */
export const splitList = (text: string) =>
  text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
