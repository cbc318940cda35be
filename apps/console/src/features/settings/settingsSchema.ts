import { z } from 'zod'

export const LOGIN_METHODS = [
  'email',
  'sms',
  'guest',
  'custom_jwt',
  'siwe',
  'siws',
  'oauth',
  'passkey',
  'telegram',
  'farcaster',
] as const
export const MFA_REQUIREMENTS = ['off', 'optional', 'required_for_wallet_actions'] as const
export const WALLETS_ON_LOGIN = ['none', 'ethereum', 'solana', 'both'] as const
export const LIST_KINDS = ['emails', 'domains', 'phones', 'wallet_addresses'] as const
export type ListKind = (typeof LIST_KINDS)[number]

const lists = {
  emails: z.array(z.string()),
  domains: z.array(z.string()),
  phones: z.array(z.string()),
  walletAddresses: z.array(z.string()),
}

/** `AppSettingsView` (GET/PATCH `/api/v1/apps/settings`), camelCased by the SDK. */
export const settingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['development', 'production']),
  devUserLimit: z.number(),
  loginMethods: z.array(z.string()),
  allowedOrigins: z.array(z.string()),
  mfaRequirement: z.enum(MFA_REQUIREMENTS),
  allowlist: z.object({ enabled: z.boolean(), ...lists }),
  denylist: z.object(lists),
  termsUrl: z.string().nullable(),
  walletsOnLogin: z.enum(WALLETS_ON_LOGIN),
  deletionGraceDays: z.number(),
})
export type Settings = z.infer<typeof settingsSchema>

/** The form's text of each list (one entry per line), keyed as the API keys them. */
export type ListTexts = Record<ListKind, string>

/** What the settings form edits: the view's values, lists and origins as the text typed. */
export type SettingsForm = {
  name: string
  mode: 'development' | 'production'
  devUserLimit: string
  loginMethods: string[]
  origins: string
  mfaRequirement: Settings['mfaRequirement']
  allowlistEnabled: boolean
  allowlist: ListTexts
  denylist: ListTexts
  termsUrl: string
  walletsOnLogin: Settings['walletsOnLogin']
  deletionGraceDays: string
}

const toTexts = (lists: Settings['denylist']): ListTexts => ({
  emails: lists.emails.join('\n'),
  domains: lists.domains.join('\n'),
  phones: lists.phones.join('\n'),
  wallet_addresses: lists.walletAddresses.join('\n'),
})

/** The form for an app's current settings. */
export function toSettingsForm(settings: Settings): SettingsForm {
  return {
    name: settings.name,
    mode: settings.mode,
    devUserLimit: String(settings.devUserLimit),
    loginMethods: settings.loginMethods,
    origins: settings.allowedOrigins.join('\n'),
    mfaRequirement: settings.mfaRequirement,
    allowlistEnabled: settings.allowlist.enabled,
    allowlist: toTexts(settings.allowlist),
    denylist: toTexts(settings.denylist),
    termsUrl: settings.termsUrl ?? '',
    walletsOnLogin: settings.walletsOnLogin,
    deletionGraceDays: String(settings.deletionGraceDays),
  }
}
