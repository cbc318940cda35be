import { z } from 'zod'
import { type Camelized, camelize } from '../api/camelize'

const list = {
  emails: z.array(z.string()),
  domains: z.array(z.string()),
  phones: z.array(z.string()),
  wallet_addresses: z.array(z.string()),
}

const settingsJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['development', 'production']),
  dev_user_limit: z.number(),
  login_methods: z.array(z.string()),
  allowed_origins: z.array(z.string()),
  mfa_requirement: z.enum(['off', 'optional', 'required_for_wallet_actions']),
  allowlist: z.object({ enabled: z.boolean(), ...list }),
  denylist: z.object(list),
  terms_url: z.string().nullable(),
  wallets_on_login: z.enum(['none', 'ethereum', 'solana', 'both']),
  deletion_grace_days: z.number(),
})

/** An app's settings: who may sign in and how, what signing asks, what a first login makes. */
export type AppSettings = Camelized<z.infer<typeof settingsJsonSchema>>

/** Identifiers as the server stores them (emails and domains lower-case, phones E.164). */
export type AccessList = AppSettings['denylist']

/**
 * The API's `AppSettingsView`, checked and camelCased.
 *
 * @example
 * const settings = toAppSettings((await requestApi(context, { method: 'GET', path })).body)
 */
export function toAppSettings(answer: unknown): AppSettings {
  return camelize(settingsJsonSchema.parse(answer))
}
