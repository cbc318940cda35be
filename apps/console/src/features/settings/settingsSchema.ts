import { appSettingsJsonSchema, camelizeSchema } from '@satchel/core/admin'
import type { z } from 'zod'

export const LIST_KINDS = ['emails', 'domains', 'phones', 'wallet_addresses'] as const
export type ListKind = (typeof LIST_KINDS)[number]

/** `AppSettingsView` (GET/PATCH `/api/v1/apps/settings`), camelCased by the SDK. */
export const settingsSchema = camelizeSchema(appSettingsJsonSchema)
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
    // 0: the server caps no development app (DEV_USER_LIMIT=0) and this one set no limit of its own.
    devUserLimit: settings.devUserLimit === 0 ? '' : String(settings.devUserLimit),
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
