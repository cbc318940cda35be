import { z } from 'zod'
import type { AccessLists } from './types'

const list = {
  emails: z.array(z.string()).default([]),
  domains: z.array(z.string()).default([]),
  phones: z.array(z.string()).default([]),
  wallet_addresses: z.array(z.string()).default([]),
}
const stored = z.object({
  allowlist: z.object({ enabled: z.boolean().default(false), ...list }).default({
    enabled: false,
    emails: [],
    domains: [],
    phones: [],
    wallet_addresses: [],
  }),
  denylist: z.object(list).default({ emails: [], domains: [], phones: [], wallet_addresses: [] }),
})

/**
 * An app's access lists from their stored JSON (`apps.access_lists`, `{}` for an app that set none).
 * A stored value this does not understand is no list at all rather than a server error: it can only
 * have been written by an older or newer server, and the operator sees the empty lists and sets them.
 *
 * @example
 * parseAccessLists({}) // { allowlist: { enabled: false, emails: [], ... }, denylist: { emails: [], ... } }
 */
export function parseAccessLists(value: unknown): AccessLists {
  const parsed = stored.safeParse(value ?? {})
  const data = parsed.success ? parsed.data : stored.parse({})
  return {
    allowlist: { enabled: data.allowlist.enabled, ...fromJson(data.allowlist) },
    denylist: fromJson(data.denylist),
  }
}

/**
 * The stored JSON of access lists (snake_case, as the API shows them).
 *
 * @example
 * toAccessListsJson(parseAccessLists({})).allowlist.enabled // false
 */
export function toAccessListsJson(lists: AccessLists) {
  return {
    allowlist: { enabled: lists.allowlist.enabled, ...toJson(lists.allowlist) },
    denylist: toJson(lists.denylist),
  }
}

function fromJson(list: {
  emails: string[]
  domains: string[]
  phones: string[]
  wallet_addresses: string[]
}) {
  return {
    emails: list.emails,
    domains: list.domains,
    phones: list.phones,
    walletAddresses: list.wallet_addresses,
  }
}

function toJson(list: { emails: string[]; domains: string[]; phones: string[]; walletAddresses: string[] }) {
  return {
    emails: list.emails,
    domains: list.domains,
    phones: list.phones,
    wallet_addresses: list.walletAddresses,
  }
}
