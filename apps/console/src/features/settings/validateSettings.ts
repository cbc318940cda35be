import { checkListEntry, checkOrigin, splitList, toE164 } from '../../shared/validate'
import { LIST_KINDS, type ListKind, type ListTexts, type SettingsForm } from './settingsSchema'

/** Problems by form field (`origins`, `allowlist.phones`...), in the server's words; empty when none. */
export type SettingsProblems = Partial<Record<string, string>>

const isWhole = (text: string, min: number, max: number) => {
  const value = Number(text)
  return /^\d+$/.test(text.trim()) && value >= min && value <= max
}

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol)
  } catch {
    return false
  }
}

/**
 * The settings' rules, checked as the operator types (the server checks them again): origins are
 * `scheme://host[:port]` (https in production but for localhost), at least one login method, list
 * entries valid for their kind, the dev user limit a whole number of at least 1.
 *
 * @example
 * validateSettings({ ...form, origins: 'https://shop.example/path' }).origins
 * // 'https://shop.example/path has more than scheme://host[:port] (no path, no trailing slash)'
 */
export function validateSettings(form: SettingsForm): SettingsProblems {
  const problems: SettingsProblems = {}
  if (form.name.trim() === '') problems.name = 'The app needs a name'
  const origin = splitList(form.origins)
    .map((one) => checkOrigin(one, form.mode))
    .find(Boolean)
  if (origin) problems.origins = origin
  if (form.loginMethods.length === 0) problems.loginMethods = 'Turn on at least one login method'
  if (form.devUserLimit.trim() !== '' && !isWhole(form.devUserLimit, 1, 1_000_000))
    problems.devUserLimit = 'A whole number of users, at least 1'
  if (!isWhole(form.deletionGraceDays, 0, 365))
    problems.deletionGraceDays = 'A whole number of days, 0 to 365'
  if (form.termsUrl.trim() !== '' && !isHttpUrl(form.termsUrl.trim()))
    problems.termsUrl = 'An http(s) URL, such as https://example.com/terms'
  for (const [name, texts] of [
    ['allowlist', form.allowlist],
    ['denylist', form.denylist],
  ] as const)
    for (const kind of LIST_KINDS) {
      const problem = splitList(texts[kind])
        .map((entry) => checkListEntry(kind, entry))
        .find(Boolean)
      if (problem) problems[`${name}.${kind}`] = problem
    }
  return problems
}

const toList = (kind: ListKind, text: string) =>
  splitList(text).map((entry) => (kind === 'phones' ? (toE164(entry) ?? entry) : entry))

const toLists = (texts: ListTexts) => ({
  emails: toList('emails', texts.emails),
  domains: toList('domains', texts.domains),
  phones: toList('phones', texts.phones),
  walletAddresses: toList('wallet_addresses', texts.wallet_addresses),
})

/** The PATCH body (camelCase; the SDK sends it snake_case) for a valid form: phones in E.164. */
export function toSettingsPatch(form: SettingsForm) {
  return {
    name: form.name.trim(),
    mode: form.mode,
    // Empty: no limit of the app's own, so none is sent (the server's DEV_USER_LIMIT stands).
    ...(form.devUserLimit.trim() === '' ? {} : { devUserLimit: Number(form.devUserLimit) }),
    loginMethods: form.loginMethods,
    allowedOrigins: splitList(form.origins),
    mfaRequirement: form.mfaRequirement,
    allowlist: { enabled: form.allowlistEnabled, ...toLists(form.allowlist) },
    denylist: toLists(form.denylist),
    termsUrl: form.termsUrl.trim() === '' ? null : form.termsUrl.trim(),
    walletsOnLogin: form.walletsOnLogin,
    deletionGraceDays: Number(form.deletionGraceDays),
  }
}
