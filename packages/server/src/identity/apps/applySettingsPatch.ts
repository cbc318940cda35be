import { ApiError } from '@satchel/core'
import type { Config } from '../../platform/config/loadConfig'
import { findMissingDelivery } from '../../platform/delivery/findMissingDelivery'
import { normalizePhone } from '../otp/codeSchemas'
import { normalizeWalletAddress } from '../users/normalizeWalletAddress'
import { assertOrigin } from './appsRepository'
import type { AppSettingsPatch } from './settingsSchema'
import type { AccessList, AccessLists, App } from './types'

export type AppPatch = Partial<
  Pick<
    App,
    | 'name'
    | 'mode'
    | 'devUserLimit'
    | 'loginMethods'
    | 'allowedOrigins'
    | 'mfaRequirement'
    | 'accessLists'
    | 'termsUrl'
    | 'requireTerms'
    | 'walletsOnLogin'
    | 'deletionGraceDays'
  >
>

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The change a settings PATCH makes to an app, after the rules that need the app and the server:
 * origins are `scheme://host[:port]`, https in production mode (localhost aside, for a developer's
 * own machine); the development user cap is at most the server's `DEV_USER_LIMIT` (any, when that is
 * 0); phones become E.164 and EVM addresses lower-case, as accounts store them, so a list entry
 * matches however it was typed. A terms URL turns the terms step on; null turns it off. On a
 * production server a code-sending login method needs its provider configured. Each refusal is
 * `invalid_data` naming the field.
 *
 * @example
 * const patch = applySettingsPatch(app, { allowed_origins: ['https://shop.example'] }, ctx.config)
 */
export function applySettingsPatch(
  app: App,
  body: AppSettingsPatch,
  config: Pick<Config, 'devUserLimit' | 'env' | 'smtp' | 'sms'>,
): AppPatch {
  const patch: AppPatch = {}
  if (body.name !== undefined) patch.name = body.name
  if (body.mode !== undefined) patch.mode = body.mode
  if (body.dev_user_limit !== undefined) {
    if (config.devUserLimit > 0 && body.dev_user_limit > config.devUserLimit)
      throw invalid('dev_user_limit', `at most ${config.devUserLimit} (the server's DEV_USER_LIMIT)`)
    patch.devUserLimit = body.dev_user_limit
  }
  if (body.login_methods !== undefined) {
    // A production server refuses to start with an app whose code-sending method cannot send
    // (checkProductionApps): refused here, or the next restart would not come up.
    const missing = config.env === 'production' ? findMissingDelivery(config, body.login_methods) : undefined
    if (missing)
      throw invalid('login_methods', `${missing.method} login needs ${missing.variables} set on the server`)
    patch.loginMethods = [...new Set(body.login_methods)]
  }
  const mode = patch.mode ?? app.mode
  const origins = body.allowed_origins ?? (patch.mode === 'production' ? app.allowedOrigins : undefined)
  if (origins !== undefined) {
    for (const origin of origins) checkOrigin(origin, mode)
    patch.allowedOrigins = [...new Set(origins)]
  }
  if (body.mfa_requirement !== undefined) patch.mfaRequirement = body.mfa_requirement
  if (body.terms_url !== undefined) {
    patch.termsUrl = body.terms_url
    patch.requireTerms = body.terms_url !== null
  }
  if (body.wallets_on_login !== undefined) patch.walletsOnLogin = body.wallets_on_login
  if (body.deletion_grace_days !== undefined) patch.deletionGraceDays = body.deletion_grace_days
  if (body.allowlist !== undefined || body.denylist !== undefined) {
    const { allowlist, denylist } = app.accessLists
    const lists: AccessLists = {
      allowlist: {
        enabled: body.allowlist?.enabled ?? allowlist.enabled,
        ...mergeList(allowlist, body.allowlist ?? {}, 'allowlist'),
      },
      denylist: mergeList(denylist, body.denylist ?? {}, 'denylist'),
    }
    patch.accessLists = lists
  }
  return patch
}

function checkOrigin(origin: string, mode: App['mode']): void {
  try {
    assertOrigin(origin)
  } catch {
    throw invalid('allowed_origins', `${origin} is not scheme://host[:port]`)
  }
  const url = new URL(origin)
  if (mode === 'production' && url.protocol !== 'https:' && !LOCAL_HOSTS.has(url.hostname))
    throw invalid('allowed_origins', `${origin} must use https in production mode`)
}

type ListBody = NonNullable<AppSettingsPatch['denylist']>

function mergeList(current: AccessList, body: ListBody, field: string): AccessList {
  return {
    emails: unique(body.emails ?? current.emails),
    domains: unique(body.domains ?? current.domains),
    phones: unique(
      body.phones?.map((phone) => {
        try {
          return normalizePhone(phone)
        } catch {
          throw invalid(`${field}.phones`, `${phone} is not a possible phone number`)
        }
      }) ?? current.phones,
    ),
    walletAddresses: unique(
      body.wallet_addresses?.map(
        (address) => normalizeWalletAddress(address, `${field}.wallet_addresses`).subject,
      ) ?? current.walletAddresses,
    ),
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}

function invalid(field: string, why: string): ApiError {
  return new ApiError('invalid_data', { message: `Invalid request data: ${field} (${why})` })
}
