import type { Config } from '../../platform/config/loadConfig'
import { toAccessListsJson } from './parseAccessLists'
import type { App } from './types'

/**
 * An app's settings as the admin API shows them (`AppSettingsView`). Nothing in it is a secret: the
 * sealed per-method settings (OAuth client secrets, bot tokens) are not part of the view.
 *
 * @example
 * const view = toAppSettingsView(app, ctx.config)
 */
export function toAppSettingsView(app: App, config: Pick<Config, 'devUserLimit'>) {
  return {
    id: app.id,
    name: app.name,
    mode: app.mode,
    dev_user_limit: app.devUserLimit ?? config.devUserLimit,
    login_methods: app.loginMethods,
    allowed_origins: app.allowedOrigins,
    mfa_requirement: app.mfaRequirement,
    ...toAccessListsJson(app.accessLists),
    terms_url: app.termsUrl,
    wallets_on_login: app.walletsOnLogin,
    deletion_grace_days: app.deletionGraceDays,
  }
}
