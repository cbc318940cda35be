import { z } from 'zod'

/** When signing asks for a second factor (the server's `mfa_requirement`). */
export const MFA_REQUIREMENTS = ['off', 'optional', 'required_for_wallet_actions'] as const
/** The embedded wallets the server makes at a person's first login. */
export const WALLETS_ON_LOGIN = ['none', 'ethereum', 'solana', 'both'] as const

const list = {
  emails: z.array(z.string()),
  domains: z.array(z.string()),
  phones: z.array(z.string()),
  wallet_addresses: z.array(z.string()),
}

/**
 * `AppSettingsView` (GET/PATCH `/api/v1/apps/settings`) as its readers check it: @satchel/node and
 * the console. Login methods stay strings, so a reader older than the server still reads a new one.
 */
export const appSettingsJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['development', 'production']),
  dev_user_limit: z.number(),
  login_methods: z.array(z.string()),
  allowed_origins: z.array(z.string()),
  mfa_requirement: z.enum(MFA_REQUIREMENTS),
  allowlist: z.object({ enabled: z.boolean(), ...list }),
  denylist: z.object(list),
  terms_url: z.string().nullable(),
  wallets_on_login: z.enum(WALLETS_ON_LOGIN),
  deletion_grace_days: z.number(),
})
